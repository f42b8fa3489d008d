export * from './fields';
export * from './customer';
export * from './crypto';
export * from './privacy';
export * from './projection';
export * from './import-map';
export * from './tables';
