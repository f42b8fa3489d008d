import type { BookingEvent, PaymentEvent } from '@tabour/bookings';
import { orNone } from '../figures';
import { BOOKING_OUTCOME, type BookingRow, type Rec } from './schema';
import { iso, key } from './sql';
import type { BatchState } from './state';

/** The bookings' and their payments' events folded into a batch. */

export function booking(batch: BatchState, e: Rec & { type: BookingEvent['type'] }): void {
  const tenant = e.data.business_id;
  const k = key(tenant, e.data.booking_id);
  const known = batch.bookings.get(k);
  const set = (b: BookingRow) => {
    batch.bookings.set(k, b);
    batch.bookingsChanged.add(k);
  };
  if (e.type === 'BookingCreated') {
    if (known) return;
    const d = e.data;
    const b = {
      tenant_id: tenant,
      booking_id: d.booking_id,
      department_id: d.department_id,
      member_id: orNone(d.member_id),
      service_id: orNone(d.service_ids[0]),
      channel: d.channel,
      outcome: null,
    };
    set(b);
    const { day } = batch.local(tenant, e.recordedAt);
    batch.add(
      'statistics_bookings_daily',
      { tenant_id: tenant, day, department_id: b.department_id, member_id: b.member_id, service_id: b.service_id, channel: b.channel },
      { made: 1 },
    );
    return;
  }
  if (e.type === 'BookingRescheduled') {
    if (known) set({ ...known, department_id: e.data.department_id, member_id: orNone(e.data.member_id), service_id: orNone(e.data.service_ids[0]) });
    return;
  }
  if (e.type === 'BookingDeleted') {
    for (const [pk, p] of batch.payments) if (p && p.tenant_id === tenant && p.booking_id === e.data.booking_id) batch.payments.set(pk, null);
    batch.deletedBookings.push([tenant, e.data.booking_id]);
    return;
  }
  const outcome = BOOKING_OUTCOME[e.type];
  // A booking checked in and then completed was honoured once.
  if (!outcome || !known || known.outcome !== null) return;
  set({ ...known, outcome });
  const { day } = batch.local(tenant, e.recordedAt);
  batch.add(
    'statistics_bookings_daily',
    { tenant_id: tenant, day, department_id: known.department_id, member_id: known.member_id, service_id: known.service_id, channel: known.channel },
    { [outcome]: 1 },
  );
}

export function payment(batch: BatchState, e: Rec & { type: PaymentEvent['type'] }): void {
  const d = e.data;
  const k = key(d.business_id, d.payment_id);
  if (e.type === 'BookingPaymentDeleted') {
    batch.payments.set(k, null);
    return;
  }
  const r = e.data as PaymentEvent['data'] & { amount: number; method: string; status: string; paid_on: string | null };
  const day = r.paid_on && /^\d{4}-\d{2}-\d{2}$/.test(r.paid_on) ? r.paid_on : batch.local(d.business_id, e.recordedAt).day;
  batch.payments.set(k, {
    tenant_id: d.business_id,
    payment_id: d.payment_id,
    booking_id: d.booking_id,
    day,
    method: r.method,
    status: r.status,
    // The event states the amount in the currency (two decimals at most): the row keeps cents.
    amount_cents: Math.round(r.amount * 100),
    recorded_at: iso(e.recordedAt),
  });
}
