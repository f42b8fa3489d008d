export * from './fields';
export * from './customer';
export * from './crypto';
export * from './privacy';
export * from './projections';
export { customerKeys, rememberKey } from './keys';
export * from './import-map';
export * from './tables';
export * from './queries/names';
