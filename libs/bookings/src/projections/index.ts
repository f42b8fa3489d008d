import { openingBookingProjection } from '../pii';
import { bookingsProjection } from './bookings';
import { bookingSettingsProjection } from './booking-settings';

export { bookingsProjection, bookingSettingsProjection };
export { bookingCapacityGuard, capacityLocks } from './capacity';
export { bookingRequestsProjection } from './booking-requests';
export { formsProjection } from './booking-form-fields';
export { rulesProjection } from './booking-rules';
export { paymentsProjection } from './booking-transactions';
export { paymentTypesProjection } from './business-payment-types';
export { paymentSettingsProjection } from './business-payment-settings';

// The book's rows are written from opened events: sealed personal text reads as it was given.
export const BOOKING_PROJECTIONS = [openingBookingProjection(bookingsProjection), bookingSettingsProjection] as const;
