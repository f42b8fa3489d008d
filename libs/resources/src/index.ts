export * from './resource';
export * from './projections';
export * from './tables';
export * from './queries';
