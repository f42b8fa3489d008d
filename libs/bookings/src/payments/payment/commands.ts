import type { PaymentMethod } from '@tabour/contracts';

export type Ids = { booking_id: string; business_id: string };

export interface PaymentInput {
  amount: unknown;
  method: unknown;
  paid_on?: unknown;
  note?: unknown;
}

export type PaymentCommand =
  | (Ids & {
      type: 'RecordBookingPayment';
      payment_id: string;
      input: PaymentInput;
      /** What the business accepts (payment types). */
      accepted_methods: readonly PaymentMethod[];
      /** The booking's price in cents: the sum of its services' prices, read by the caller. */
      price_cents: number;
    })
  | (Ids & { type: 'DeleteBookingPayment'; payment_id: string });
