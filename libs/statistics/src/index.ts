export * from './figures';
export * from './tables';
export * from './projection';
export * from './settings';
export * from './settings-tables';
export * from './settings-projection';
export * from './reports';
