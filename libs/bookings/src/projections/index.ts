export { bookingRequestsProjection } from './booking-requests';
export { formsProjection } from './booking-form-fields';
export { rulesProjection } from './booking-rules';
export { paymentsProjection } from './booking-transactions';
export { paymentTypesProjection } from './business-payment-types';
export { paymentSettingsProjection } from './business-payment-settings';
