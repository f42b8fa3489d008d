export * from './payment-types';
export * from './payments';
export * from './projection';
export type { BookingTransactionsTable, BusinessPaymentTypesTable } from './tables';
