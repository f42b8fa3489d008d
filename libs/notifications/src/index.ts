export * from './notifier';
export * from './mailbox';
export * from './segments';
export * from './keywords';
export * from './reminders';
export * from './templates';
export * from './message-types';
export * from './tables';
