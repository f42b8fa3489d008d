export * from './notifier';
export * from './mailbox';
