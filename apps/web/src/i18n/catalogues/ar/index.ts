/** Arabic, one file per namespace. */
import ra from './ra';
import app from './app';
import customers from './customers';
import queues from './queues';
import settings from './settings';
import resources from './resources';
import devices from './devices';
import ticket from './ticket';
import bookings from './bookings';
import notifications from './notifications';
import activity from './activity';
import statistics from './statistics';
import account from './account';
import webhooks from './webhooks';
import integrations from './integrations';

export default {
  ra,
  app,
  customers,
  queues,
  settings,
  resources,
  devices,
  ticket,
  bookings,
  notifications,
  activity,
  statistics,
  account,
  webhooks,
  integrations,
};
