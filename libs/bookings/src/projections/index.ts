export { bookingRequestsProjection } from './booking-requests';
export { formsProjection } from './booking-form-fields';
export { rulesProjection } from './booking-rules';
