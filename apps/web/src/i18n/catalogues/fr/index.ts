/** French, one file per namespace. */
import ra from './ra';
import app from './app';
import customers from './customers';
import queues from './queues';
import settings from './settings';
import resources from './resources';
import devices from './devices';
import bookings from './bookings';
import notifications from './notifications';
import activity from './activity';

export default { ra, app, customers, queues, settings, resources, devices, bookings, notifications, activity };
