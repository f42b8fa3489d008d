export * from './errors';
export * from './database';
export * from './migrate';
export * from './embedded';
export * from './config';
export * from './roles';
export * from './rate-limit';
export * from './settings-document';
