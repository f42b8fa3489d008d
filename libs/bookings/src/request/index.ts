export * from './request';
export * from './projection';
export type { BookingRequestsTable } from './tables';
