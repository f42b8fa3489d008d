export * from './api-keys';
export * from './webhooks';
export * from './feed';
