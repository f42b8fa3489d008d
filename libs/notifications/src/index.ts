export * from './notifier';
export * from './mailbox';
export * from './segments';
