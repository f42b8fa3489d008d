export * from './rules';
export * from './match';
export * from './projection';
export * from './queries';
export type { BookingRulesTable } from './tables';
