import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { PAYMENT_TYPES_EVENT_TYPES, type PaymentTypesEvent } from '../payments';
import '../payments/tables';

/** `business_payment_types`: the methods a business accepts (no row: the defaults). */
export const paymentTypesProjection: InlineProjection<PaymentTypesEvent, Database> = {
  name: 'bookings.payment-types',
  tables: ['business_payment_types'],
  handles: PAYMENT_TYPES_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const row = { methods: JSON.stringify(e.data.methods), updated_at: e.recordedAt };
      await db
        .insertInto('business_payment_types')
        .values({ tenant_id: e.data.business_id, ...row })
        .onConflict((c) => c.column('tenant_id').doUpdateSet(row))
        .execute();
    }
  },
};
