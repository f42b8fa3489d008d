export * from './payment-types';
export * from './payments';
export * from './projection';
export * from './settings';
export type { BookingTransactionsTable, BusinessPaymentTypesTable } from './tables';
