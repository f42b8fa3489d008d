export * from './booking';
export * from './tables';
export * from './projections';
export * from './availability';
