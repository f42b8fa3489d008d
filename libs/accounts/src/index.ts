export * from './account';
export * from './user';
export * from './password';
export * from './throttle';
export * from './projections';
export * from './tables';
export * from './settings';
export * from './session';
