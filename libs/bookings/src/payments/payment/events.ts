import type { PaymentMethod, PaymentStatus } from '@tabour/contracts';
import type { Ids } from './commands';

export type PaymentEvent =
  | {
      type: 'BookingPaymentRecorded';
      data: Ids & {
        payment_id: string;
        amount: number;
        method: PaymentMethod;
        status: PaymentStatus;
        rest_to_pay: number;
        paid_on: string | null;
        note: string | null;
      };
    }
  | { type: 'BookingPaymentDeleted'; data: Ids & { payment_id: string } };

export const PAYMENT_EVENT_TYPES = ['BookingPaymentRecorded', 'BookingPaymentDeleted'] as const;

/** The booking's events this decider reads (the booking context's). */
export type BookingLifecycle = { type: 'BookingCreated'; data: Ids } | { type: 'BookingDeleted'; data: Ids };
