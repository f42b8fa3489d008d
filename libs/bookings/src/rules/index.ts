export * from './rules';
export * from './match';
export * from './projection';
export type { BookingRulesTable } from './tables';
