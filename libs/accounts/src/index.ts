export * from './account';
export * from './user';
export * from './session';
export * from './settings';
export * from './throttle';
export * from './projections';
export * from './tables';
