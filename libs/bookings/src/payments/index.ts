export * from './payment';
export * from './payment-types';
export * from './payment-settings';
export type { BookingTransactionsTable, BusinessPaymentSettingsTable, BusinessPaymentTypesTable } from './tables';
