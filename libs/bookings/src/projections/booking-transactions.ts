import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { PAYMENT_EVENT_TYPES, type PaymentEvent } from '../payments';
import '../payments/tables';

type BookingDeleted = { type: 'BookingDeleted'; data: { booking_id: string; business_id: string } };

/** `booking_transactions`: one row per payment; a deleted booking takes its payments with it. */
export const paymentsProjection: InlineProjection<PaymentEvent | BookingDeleted, Database> = {
  name: 'bookings.payments',
  tables: ['booking_transactions'],
  handles: [...PAYMENT_EVENT_TYPES, 'BookingDeleted'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'BookingPaymentRecorded': {
          const d = e.data;
          await db
            .insertInto('booking_transactions')
            .values({
              tenant_id: tenant,
              id: d.payment_id,
              booking_id: d.booking_id,
              amount: d.amount,
              method: d.method,
              status: d.status,
              rest_to_pay: d.rest_to_pay,
              paid_on: d.paid_on,
              note: d.note,
              created_at: e.recordedAt,
            })
            .execute();
          break;
        }
        case 'BookingPaymentDeleted':
          await db.deleteFrom('booking_transactions').where('tenant_id', '=', tenant).where('id', '=', e.data.payment_id).execute();
          break;
        case 'BookingDeleted':
          await db.deleteFrom('booking_transactions').where('tenant_id', '=', tenant).where('booking_id', '=', e.data.booking_id).execute();
          break;
      }
    }
  },
};
