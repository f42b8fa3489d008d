export * from './figures';
export * from './tables';
export * from './projection';
export * from './settings';
export * from './report-setting';
export * from './settings-tables';
export * from './projections';
export * from './reports';
