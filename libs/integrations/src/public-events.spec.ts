import { currentVersion, PUBLIC_EVENT_SCHEMAS, PUBLIC_EVENT_TYPES, publicEventSchema, type PublicEvent } from '@tabour/contracts';
import type { BookingEvent, BookingRequestEvent } from '@tabour/bookings';
import type { CustomerEvent } from '@tabour/customers';
import type { DisplayEvent, KioskEvent } from '@tabour/devices';
import type { RecordedEvent } from '@tabour/eventstore';
import type { FeedbackEvent, QueueEvent } from '@tabour/queues';
import { decodeCursor, encodeCursor } from './cursor';
import { feedRows } from './projections/feed';
import { PUBLIC_SOURCE_TYPES, PUBLIC_SOURCES, toPublicEvents } from './public-events';
import { upcastStored, type Upcaster } from './upcasters';

const B = '11111111-1111-4111-8111-111111111111';
const Q = '22222222-2222-4222-8222-222222222222';
const T = '33333333-3333-4333-8333-333333333333';
const C = '44444444-4444-4444-8444-444444444444';
const M = '55555555-5555-4555-8555-555555555555';
const BK = '66666666-6666-4666-8666-666666666666';
const R = '77777777-7777-4777-8777-777777777777';
const CU = '88888888-8888-4888-8888-888888888888';
const D = '99999999-9999-4999-8999-999999999999';
const AT = '2026-11-27T09:00:00.000Z';
const ids = { queue_id: Q, business_id: B };

const ticket = {
  id: T,
  uid: 'u1',
  number: 7,
  label: 'A7',
  day: '2026-11-27',
  urgent: false,
  service_ids: [],
  member_id: null,
  customer_id: CU,
  customer_name: 'Ada Lovelace',
  checked_in_at: AT,
  service_seconds: null,
  late: false,
  booking_id: null,
};
const left = { ...ids, ticket_id: T, from_rank: 1, counter_id: C, at: AT };
const slot = {
  department_id: D,
  member_id: null,
  service_ids: [],
  duration: 30,
  starts_at: AT,
  ends_at: '2026-11-27T09:30:00.000Z',
  date: '2026-11-27',
  slot: '10:00',
};
const personal = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+33600000000',
  second_phone: null,
  address: null,
  date_of_birth: null,
  place_of_birth: null,
  nationality: null,
  internal_id: null,
  platform_id: null,
  notes: null,
  additional_data: {},
};
const input = { department_id: D, starts_at: AT, service_ids: [], phone_number: '+33600000001', remarks: 'ground floor', additional_data: {}, location: null };

/** One event of every internal type the mapping reads, in the internal unions' own types (the compiler checks the shapes). */
const SAMPLES: (QueueEvent | BookingEvent | BookingRequestEvent | CustomerEvent | FeedbackEvent | DisplayEvent | KioskEvent)[] = [
  { type: 'TicketPushed', data: { ...ids, ticket, rank: 1, estimated_wait_seconds: 120 } },
  { type: 'TicketRedirectedIn', data: { ...ids, ticket, rank: 2, from_queue_id: D, estimated_wait_seconds: 60 } },
  { type: 'TicketRestored', data: { ...ids, ticket, rank: 3 } },
  { type: 'TicketCalled', data: { ...ids, ticket_id: T, counter_id: C, member_id: M, from_rank: 1, at: AT, waited_seconds: 42 } },
  { type: 'TicketReturnedToWaiting', data: { ...ids, ticket_id: T, to_rank: 1, counter_id: C, reason: 'recalled' } },
  { type: 'TicketEnded', data: { ...left, service_id: null, served_seconds: 300, smoothed_seconds: 280 } },
  { type: 'TicketMarkedNoShow', data: left },
  { type: 'TicketMarkedAbsent', data: left },
  { type: 'TicketRevoked', data: { ...left, by: 'customer' } },
  { type: 'TicketClosedAtDayEnd', data: { ...left, status_was: 'waiting' } },
  { type: 'TicketRedirectedOut', data: { ...left, to_queue_id: D } },
  {
    type: 'QueueCreated',
    data: {
      ...ids,
      settings: {
        name: 'Desk',
        priority: 0,
        ticket_prefix: 'A',
        number_start: 1,
        number_type: 'incremental',
        synchronized: false,
        auto_call_next: false,
        auto_push_bookings: false,
        require_confirmed_booking: false,
        customer_chooses_member: false,
        ask_covid_symptoms: false,
        on_hold_enabled: false,
        service_ids: [],
        department_ids: [D],
        member_ids: [],
        working_days: null,
        translations: {},
      },
    },
  },
  { type: 'QueueUpdated', data: { ...ids, changes: { name: 'Front desk' } } },
  { type: 'QueueDeleted', data: ids },
  { type: 'QueuePaused', data: ids },
  { type: 'QueueResumed', data: ids },
  { type: 'QueueDelayed', data: { ...ids, delay_seconds: 600 } },
  { type: 'CounterOpened', data: { ...ids, counter_id: C, member_id: M } },
  { type: 'CounterClosed', data: { ...ids, counter_id: C, member_id: null } },
  {
    type: 'BookingCreated',
    data: {
      booking_id: BK,
      business_id: B,
      ...slot,
      customer_id: CU,
      queue_id: null,
      counter_ids: [],
      additional_data: {},
      remarks: 'ground floor',
      is_online: false,
      sync_booking_with_graph: false,
      location: null,
      phone_number: '+33600000001',
      attachments: [],
      channel: 'staff',
      status: 'confirmed',
    },
  },
  { type: 'BookingRescheduled', data: { booking_id: BK, business_id: B, ...slot, starts_at: '2026-11-28T09:00:00.000Z', previous: slot } },
  { type: 'BookingCancelled', data: { booking_id: BK, business_id: B, reason: 'ill' } },
  { type: 'BookingCheckedIn', data: { booking_id: BK, business_id: B, queue_id: Q, ticket_id: T } },
  { type: 'BookingCompleted', data: { booking_id: BK, business_id: B } },
  { type: 'BookingMarkedNoShow', data: { booking_id: BK, business_id: B } },
  { type: 'BookingDeleted', data: { booking_id: BK, business_id: B } },
  { type: 'BookingRequested', data: { request_id: R, business_id: B, flow: 'booking', data: input, department_id: D, customer_id: null } },
  { type: 'BookingRequestApproved', data: { request_id: R, business_id: B, rule_id: null, rule_name: null, by: M, booking_id: BK, data: input } },
  { type: 'BookingRequestDeclined', data: { request_id: R, business_id: B, rule_id: null, rule_name: null, by: M, reason: 'full' } },
  {
    type: 'CustomerRegistered',
    data: {
      customer_id: CU,
      business_id: B,
      via: 'staff',
      category: 'BASIC',
      book_more_than_once: true,
      preferred_language: 'fr',
      platform_verification: null,
      personal,
    },
  },
  { type: 'CustomerUpdated', data: { customer_id: CU, business_id: B, changes: { category: 'VIP' }, personal: { phone: '+33611111111' } } },
  { type: 'CustomerCategoryChanged', data: { customer_id: CU, business_id: B, category: 'VIP', previous: 'BASIC' } },
  { type: 'CustomerErased', data: { customer_id: CU, business_id: B, reason: 'request', storage_keys: [] } },
  { type: 'TicketFeedbackGiven', data: { ticket_id: T, business_id: B, queue_id: Q, stars: 5, text: 'Quick and kind' } },
  { type: 'DisplayCreated', data: { display_id: D, business_id: B, key: 'k', settings: {} as never } },
  { type: 'DisplayUpdated', data: { display_id: D, business_id: B, changes: {} } },
  { type: 'DisplaySecretReset', data: { display_id: D, business_id: B } },
  { type: 'DisplayDeleted', data: { display_id: D, business_id: B } },
  { type: 'KioskCreated', data: { kiosk_id: D, business_id: B, key: 'k', settings: {} as never } },
  { type: 'KioskUpdated', data: { kiosk_id: D, business_id: B, changes: {} } },
  { type: 'KioskSecretReset', data: { kiosk_id: D, business_id: B } },
  { type: 'KioskDeleted', data: { kiosk_id: D, business_id: B } },
];

let n = 0;
const stored = (e: { type: string; data: unknown }, schemaVersion = 1): RecordedEvent => ({
  ...e,
  position: ++n,
  streamId: 'x-1',
  revision: 0,
  category: 'x',
  tenantId: B,
  eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  metadata: { tenantId: B, actor: { type: 'system' }, schemaVersion },
  recordedAt: new Date(AT),
});

function expectValid(e: PublicEvent): void {
  const result = publicEventSchema(e.type, e.version).safeParse(e);
  if (!result.success) throw new Error(`${e.type} v${e.version} does not validate: ${result.error.message}`);
}

describe('public events', () => {
  it('has a schema for every public type, and every type comes from some internal event', () => {
    expect(PUBLIC_EVENT_TYPES.length).toBeGreaterThan(25);
    for (const type of PUBLIC_EVENT_TYPES) {
      expect(Object.keys(PUBLIC_EVENT_SCHEMAS[type]).length).toBeGreaterThan(0);
      expect(currentVersion(type)).toBeGreaterThanOrEqual(1);
      expect(PUBLIC_SOURCES[type].length).toBeGreaterThan(0);
    }
  });

  it('maps every source type to events that validate against their schema, of the types it is listed under', () => {
    const sampled = new Set<string>(SAMPLES.map((s) => s.type));
    expect(PUBLIC_SOURCE_TYPES.filter((t) => !sampled.has(t))).toEqual([]);
    for (const personal of [false, true])
      for (const sample of SAMPLES) {
        const out = toPublicEvents(stored(sample), { personal, transactionId: '900' });
        expect(out.length).toBeGreaterThan(0);
        for (const e of out) {
          expectValid(e);
          expect(PUBLIC_SOURCES[e.type]).toContain(sample.type);
          expect(e.business_id).toBe(B);
          expect(decodeCursor(e.cursor)).toEqual({ transactionId: '900', position: e.position, index: 0 });
        }
      }
  });

  it('shows personal fields only with the personal scope', () => {
    const pushed = stored(SAMPLES[0]);
    const [without] = toPublicEvents(pushed, { personal: false });
    expect(without.data).not.toHaveProperty('customer_name');
    const [withIt] = toPublicEvents(pushed, { personal: true });
    expect(withIt.data).toMatchObject({ customer_name: 'Ada Lovelace' });
    const customer = stored(SAMPLES.find((s) => s.type === 'CustomerRegistered')!);
    expect(JSON.stringify(toPublicEvents(customer, { personal: false }))).not.toMatch(/Ada|ada@|\+336/);
    expect(toPublicEvents(customer, { personal: true })[0].data).toMatchObject({ first_name: 'Ada', email: 'ada@example.com' });
    const booking = stored(SAMPLES.find((s) => s.type === 'BookingCreated')!);
    expect(JSON.stringify(toPublicEvents(booking, { personal: false }))).not.toMatch(/ground floor|\+336/);
  });

  it('never shows a sealed or erased person: nulls, whatever the scope', () => {
    const sealedPush = stored({
      type: 'TicketPushed',
      data: { ...ids, ticket: { ...ticket, customer_name: undefined, pii: 'sealed-bytes' }, rank: 1, estimated_wait_seconds: 1 },
    });
    expect(toPublicEvents(sealedPush, { personal: true })[0].data).toMatchObject({ customer_name: null });
    // The customers' opener yields `personal: null` once the customer's key is destroyed.
    const erased = stored({ type: 'CustomerRegistered', data: { ...(SAMPLES.find((s) => s.type === 'CustomerRegistered')!.data as object), personal: null } });
    const [e] = toPublicEvents(erased, { personal: true });
    expectValid(e);
    expect(Object.values(e.data).filter((v) => typeof v === 'string' && /Ada|@/.test(v))).toEqual([]);
    expect(e.data).toMatchObject({ first_name: null, email: null });
    const sealedFeedback = stored({ type: 'TicketFeedbackGiven', data: { ticket_id: T, business_id: B, queue_id: Q, stars: 4, pii: 'sealed' } });
    expect(toPublicEvents(sealedFeedback, { personal: true })[0].data).toMatchObject({ text: null, stars: 4 });
  });

  it('says a customer changed personal fields without showing them to a key without the scope', () => {
    const updated = stored({ type: 'CustomerUpdated', data: { customer_id: CU, business_id: B, changes: {}, pii: 'sealed' } });
    const [e] = toPublicEvents(updated, { personal: false });
    expect(e.data).toEqual({ customer_id: CU, changed: ['personal'] });
  });

  it('leaves out what an integrator has no use for', () => {
    expect(
      toPublicEvents(stored({ type: 'TicketMoved', data: { ...ids, ticket_id: T, from_rank: 1, to_rank: 2, reason: 'moved' } }), { personal: true }),
    ).toEqual([]);
    expect(toPublicEvents(stored({ type: 'QueueUpdated', data: { ...ids, changes: { number_start: 5 } } }), { personal: true })).toEqual([]);
    expect(toPublicEvents(stored({ type: 'ApiKeyCreated', data: {} }), { personal: true })).toEqual([]);
  });

  it('gives the same id on every read, so a reader deduplicates', () => {
    const e = stored(SAMPLES[3]);
    expect(toPublicEvents(e, { personal: false })[0].id).toBe(toPublicEvents(e, { personal: true, transactionId: '5' })[0].id);
  });
});

describe('upcasters', () => {
  it('serves ticket.created v1 from a ticket stored before bookings could be checked in', () => {
    // The shape TicketPushed had before `booking_id` and `late` joined the ticket.
    const { booking_id: _b, late: _l, ...oldTicket } = ticket;
    const old = stored({ type: 'TicketPushed', data: { ...ids, ticket: oldTicket, rank: 1, estimated_wait_seconds: 120 } });
    const now = stored(SAMPLES[0]);
    const [fromOld] = toPublicEvents(old, { personal: true });
    const [fromNew] = toPublicEvents(now, { personal: true });
    expectValid(fromOld);
    expect(fromOld.version).toBe(1);
    expect(fromOld.data).toEqual(fromNew.data);
    expect(upcastStored(old).data).toMatchObject({ ticket: { booking_id: null, late: false } });
  });

  it('brings a stored event of an older schema version up to the current one, and leaves newer ones alone', () => {
    // How the next internal change is absorbed: were TicketCalled v2 to name the counter
    // `desk_id`, the mapping would read v2 and this upcaster would bring every v1 up to it.
    const toV2: Upcaster = {
      type: 'TicketCalled',
      fromVersion: 1,
      toVersion: 2,
      up: ({ counter_id, ...rest }) => ({ ...rest, desk_id: counter_id }),
    };
    const v1 = stored(SAMPLES[3], 1);
    const upcast = upcastStored(v1, [toV2]);
    expect(upcast.metadata.schemaVersion).toBe(2);
    expect(upcast.data).toMatchObject({ desk_id: C });
    expect(upcast.data).not.toHaveProperty('counter_id');
    // Stored events already at v2 are left alone.
    expect(upcastStored(upcast, [toV2])).toBe(upcast);
  });

  it('leaves a current event as it is', () => {
    const e = stored(SAMPLES[0]);
    expect(upcastStored(e)).toBe(e);
  });
});

describe('cursor', () => {
  it('round-trips and refuses what it did not make', () => {
    expect(decodeCursor(encodeCursor({ transactionId: '123456789012', position: 42 }))).toEqual({ transactionId: '123456789012', position: 42 });
    expect(decodeCursor(encodeCursor({ transactionId: '9', position: 1, index: 2 }))).toEqual({ transactionId: '9', position: 1, index: 2 });
    expect(decodeCursor('0')).toEqual({ transactionId: '0', position: 0 });
    expect(decodeCursor(undefined)).toEqual({ transactionId: '0', position: 0 });
    for (const bad of ['abc', '1_', '1_2_3_4', '-1_2', "1_2'; DROP", '1'.repeat(30) + '_1']) expect(decodeCursor(bad)).toBeNull();
  });
});

describe('the feed’s rendered rows', () => {
  it('hold each sample’s public events as the plain feed serves them: keyed by business, log key and index, no personal field', () => {
    for (const sample of SAMPLES) {
      const e = stored(sample);
      const rows = feedRows(e, '4242');
      const served = toPublicEvents(e, { personal: false, transactionId: '4242' });
      expect(rows.map((r) => JSON.parse(r.json))).toEqual(JSON.parse(JSON.stringify(served)));
      rows.forEach((r, idx) => {
        expect(r).toMatchObject({ tenant_id: B, transaction_id: '4242', position: String(e.position), idx, type: served[idx].type });
        expect(r.record_id).toBe(served[idx].record.id);
        expect(JSON.parse(r.json).cursor).toBe(encodeCursor({ transactionId: '4242', position: e.position, index: idx }));
      });
      expect(rows.map((r) => r.json).join()).not.toContain('Ada Lovelace');
    }
  });

  it('give nothing for an event of no business', () => {
    expect(feedRows({ ...stored(SAMPLES[0]), tenantId: null }, '1')).toEqual([]);
  });
});
