export * from './tables';
export * from './projection';
