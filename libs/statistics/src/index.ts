export * from './figures';
export * from './tables';
export * from './projection';
