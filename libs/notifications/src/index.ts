export * from './notifier';
export * from './mailbox';
export * from './segments';
export * from './keywords';
