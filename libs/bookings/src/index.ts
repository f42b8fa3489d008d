export * from './booking';
export * from './tables';
export * from './projections';
export * from './availability';
export * from './rules';
export * from './request';
export * from './forms';
export * from './payments';
