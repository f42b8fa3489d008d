/**
 * The contract between the API and its clients: wire types of every answer, error codes, the
 * shared lists and the pure rules both sides apply. Browser-safe: it imports nothing from Node,
 * Nest, SQL or React, so the API, the libraries and apps/web all import it.
 */
export * from './ticket-view';
export * from './errors';
export * from './languages';
export * from './lists';
export * from './instants';
export * from './estimate';
export * from './ticket-actions';
export * from './queues';
export * from './devices';
export * from './customers';
export * from './organisation';
export * from './accounts';
export * from './bookings';
export * from './resources';
export * from './notifications';
export * from './broadcast';
export * from './statistics';
export * from './activity';
export * from './integrations';
export * from './account-settings';
export * from './billing';
export * from './webhooks';
export * from './access';
