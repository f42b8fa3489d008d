export * from './events';
export * from './commands';
export * from './decider';
export * from './settings';
export { checkSlot as checkBookingSlot, checkDetails as checkBookingDetails } from './validate';
