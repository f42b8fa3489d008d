export * from './settings';
export * from './projection';
