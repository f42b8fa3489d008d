import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import {
  bookingResourcesProjection,
  bookingsProjection,
  paymentsProjection,
  paymentTypesProjection,
  type BookingEvent,
  type BookingSlot,
  type PaymentEvent,
  type PaymentTypesEvent,
} from '@tabour/bookings';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const BK = randomUUID();
const DEPT = randomUUID();
const MEMBER = randomUUID();
const CUSTOMER = randomUUID();
const SERVICE = randomUUID();
const ids = { booking_id: BK, business_id: B };
const place: BookingSlot = {
  department_id: DEPT,
  member_id: MEMBER,
  service_ids: [SERVICE],
  duration: 30,
  starts_at: '2026-03-10T08:00:00.000Z',
  ends_at: '2026-03-10T08:30:00.000Z',
  date: '2026-03-10',
  slot: '09:00',
};
const created: BookingEvent = {
  type: 'BookingCreated',
  data: {
    ...ids,
    ...place,
    customer_id: CUSTOMER,
    queue_id: null,
    counter_ids: [],
    additional_data: { reason: 'Check-up' },
    remarks: 'First visit',
    is_online: false,
    sync_booking_with_graph: false,
    location: null,
    phone_number: '+21620123456',
    attachments: [],
    channel: 'staff',
    status: 'confirmed',
  },
};
const streamOf = (e: { data: { booking_id?: string; business_id: string } }) =>
  e.data.booking_id ? `booking-${e.data.booking_id}` : `payment_types-${e.data.business_id}`;

describe('the bookings projection', () => {
  const spec = projectionSpecification(bookingsProjection, () => t.db, { tenantId: B, streamOf });
  const bookings = (db: Transaction<Database>) =>
    db
      .selectFrom('bookings')
      .select(['id', 'status', 'member_id', 'starts_at', 'slot', 'remarks', 'additional_data', 'queue_id', 'ticket_id', 'cancel_reason'])
      .where('tenant_id', '=', B)
      .execute();
  const booked = {
    id: BK,
    status: 'confirmed',
    member_id: MEMBER,
    starts_at: new Date(place.starts_at),
    slot: '09:00',
    remarks: 'First visit',
    additional_data: { reason: 'Check-up' },
    queue_id: null,
    ticket_id: null,
    cancel_reason: null,
  };

  it('keeps a booking as it was made', () => spec.given().when([created]).then(bookings, [booked]));

  it('moves it when it is rescheduled, and follows its edited details', () => {
    const later = { ...place, member_id: null, starts_at: '2026-03-11T13:00:00.000Z', ends_at: '2026-03-11T13:30:00.000Z', date: '2026-03-11', slot: '14:00' };
    return spec
      .given([created])
      .when([
        { type: 'BookingRescheduled', data: { ...ids, ...later, previous: place } },
        { type: 'BookingUpdated', data: { ...ids, changes: { remarks: 'Bring the results' } } },
      ])
      .then(bookings, [{ ...booked, member_id: null, starts_at: new Date(later.starts_at), slot: '14:00', remarks: 'Bring the results' }]);
  });

  it('keeps the reason of a cancellation', () =>
    spec
      .given([created])
      .when([{ type: 'BookingCancelled', data: { ...ids, reason: 'Feeling better' } }])
      .then(bookings, [{ ...booked, status: 'cancelled', cancel_reason: 'Feeling better' }]));

  it('names the queue and ticket of a check-in', () => {
    const queue = randomUUID();
    const ticket = randomUUID();
    return spec
      .given([created])
      .when([{ type: 'BookingCheckedIn', data: { ...ids, queue_id: queue, ticket_id: ticket } }])
      .then(bookings, [{ ...booked, status: 'checked_in', queue_id: queue, ticket_id: ticket }]);
  });

  it('forgets a deleted booking', () =>
    spec
      .given([created])
      .when([{ type: 'BookingDeleted', data: ids }])
      .then(bookings, []));

  it('keeps the first creation when it is replayed', () =>
    spec
      .given([created])
      .when([{ ...created, data: { ...created.data, remarks: 'Other' } }])
      .then(bookings, [booked]));
});

describe('the booking resources projection', () => {
  const spec = projectionSpecification(bookingResourcesProjection, () => t.db, { tenantId: B, streamOf });
  const [ROOM, ECHO] = [randomUUID(), randomUUID()];
  const reserved = (db: Transaction<Database>) =>
    db.selectFrom('booking_resources').select(['booking_id', 'resource_id']).where('tenant_id', '=', B).orderBy('resource_id').execute();
  const withResources: BookingEvent = { ...created, data: { ...created.data, resource_ids: [ROOM, ECHO] } };

  it('keeps the resources a booking names', () =>
    spec
      .given()
      .when([withResources])
      .then(
        reserved,
        [ROOM, ECHO].sort().map((resource_id) => ({ booking_id: BK, resource_id })),
      ));

  it('keeps none for a booking made before bookings named resources', () => spec.given().when([created]).then(reserved, []));

  it('lets the resources go with the deleted booking', () =>
    spec
      .given([withResources])
      .when([{ type: 'BookingDeleted', data: ids }])
      .then(reserved, []));
});

describe('the booking payments projection', () => {
  const spec = projectionSpecification(paymentsProjection, () => t.db, { tenantId: B, streamOf });
  const [P1, P2] = [randomUUID(), randomUUID()];
  const paid = (payment_id: string, amount: number, rest_to_pay: number): PaymentEvent => ({
    type: 'BookingPaymentRecorded',
    data: { ...ids, payment_id, amount, method: 'cash', status: rest_to_pay ? 'partially_paid' : 'paid', rest_to_pay, paid_on: '2026-03-10', note: null },
  });
  const payments = (db: Transaction<Database>) =>
    db.selectFrom('booking_transactions').select(['id', 'amount', 'status', 'rest_to_pay']).where('tenant_id', '=', B).orderBy('rest_to_pay', 'desc').execute();

  // Amounts are numeric columns: the driver reads them back as exact decimal strings.
  it('keeps each payment of a booking', () =>
    spec
      .given()
      .when([paid(P1, 20, 30), paid(P2, 30, 0)])
      .then(payments, [
        { id: P1, amount: '20.00', status: 'partially_paid', rest_to_pay: '30.00' },
        { id: P2, amount: '30.00', status: 'paid', rest_to_pay: '0.00' },
      ]));

  it('forgets a deleted payment', () =>
    spec
      .given([paid(P1, 20, 30), paid(P2, 30, 0)])
      .when([{ type: 'BookingPaymentDeleted', data: { ...ids, payment_id: P1 } }])
      .then(payments, [{ id: P2, amount: '30.00', status: 'paid', rest_to_pay: '0.00' }]));

  it('lets the payments go with the deleted booking', () =>
    spec
      .given([paid(P1, 20, 30)])
      .when([{ type: 'BookingDeleted', data: ids }])
      .then(payments, []));
});

describe('the payment types projection', () => {
  const spec = projectionSpecification(paymentTypesProjection, () => t.db, { tenantId: B, streamOf });
  const accepted = (methods: PaymentTypesEvent['data']['methods']): PaymentTypesEvent => ({ type: 'PaymentTypesUpdated', data: { business_id: B, methods } });
  const methods = (db: Transaction<Database>) => db.selectFrom('business_payment_types').select('methods').where('tenant_id', '=', B).execute();

  it('keeps the methods a business accepts, the last choice winning', () =>
    spec
      .given([accepted(['cash'])])
      .when([accepted(['cash', 'online'])])
      .then(methods, [{ methods: ['cash', 'online'] }]));
});
