/**
 * Payments on a booking, recorded in the booking's own stream (`booking-<id>`) beside its
 * other events: this decider folds the booking's creation and deletion to know it exists, and
 * its own payments to know what is left to pay.
 */
export interface PaymentState {
  booking: 'none' | 'active' | 'deleted';
  business_id: string | null;
  /** payment id → amount in cents. */
  payments: Map<string, number>;
}

export const initialPaymentState = (): PaymentState => ({ booking: 'none', business_id: null, payments: new Map() });
