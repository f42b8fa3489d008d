export * from './forms';
export * from './validate';
export * from './projection';
export type { BookingFormFieldsTable } from './tables';
