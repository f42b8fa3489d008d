export { bookingRequestsProjection } from './booking-requests';
export { rulesProjection } from './booking-rules';
