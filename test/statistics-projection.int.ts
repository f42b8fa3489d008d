import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { connectTo, PgEventStore, rebuildProjection, SubscriptionManager } from '@tabour/eventstore';
import { NONE, statisticsProjection, STATISTICS_TABLES } from '@tabour/statistics';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor, caughtUp, waitFor } from './eventstore-support';

/*
 * The projection alone, fed a scripted history whose instants are set by hand (the store
 * stamps recorded_at itself; the script moves it before the subscription reads anything):
 * redirects, a returning customer, bookings honoured twice over, payments, a counter open
 * across the business's midnight on the Paris DST night, and a rating.
 */
describe('statistics projection', () => {
  let t: TestDatabase;
  let store: PgEventStore;
  let manager: SubscriptionManager;
  const tenant = randomUUID();
  const [queue, queue2, counter, member, service, department, customer] = Array.from({ length: 7 }, () => randomUUID());
  const [t1, t2, t3] = [randomUUID(), randomUUID(), randomUUID()];
  const [booking1, booking2] = [randomUUID(), randomUUID()];
  const [pay1, pay2, pay3] = [randomUUID(), randomUUID(), randomUUID()];
  const ids = { business_id: tenant };

  const append = async (streamId: string, type: string, data: Record<string, unknown>, recordedAt: string) => {
    const r = await store.append(streamId, [{ type, data: { ...ids, ...data } }], { tenantId: tenant, actor });
    await sql`UPDATE es_events SET recorded_at = ${recordedAt} WHERE event_id = ${r.events[0].eventId}`.execute(t.db);
  };
  const ticket = (id: string, at: string, customerId: string | null) => ({
    id,
    uid: randomUUID(),
    number: 1,
    label: 'A1',
    day: at.slice(0, 10),
    urgent: false,
    service_ids: [service],
    member_id: null,
    customer_id: customerId,
    checked_in_at: at,
    service_seconds: null,
    late: false,
  });
  const rows = async (table: string, where = sql`true`) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE ${where}`.execute(t.db)).rows;

  beforeAll(async () => {
    t = await createTestDatabase();
    store = new PgEventStore(t.db);
    const q = `queue-${queue}`;
    const q2 = `queue-${queue2}`;
    await append(`business-${tenant}`, 'BusinessInformationUpdated', { changes: { time_zone: 'Europe/Paris' } }, '2026-03-01T00:00:00Z');
    await append(`department-${department}`, 'DepartmentCreated', { department_id: department, name: 'D', service_ids: [service] }, '2026-03-01T00:00:00Z');
    // Open at 23:30 on the 28th (local), closed at 01:30 on the 29th: 1800 s and 5400 s.
    await append(q, 'CounterOpened', { queue_id: queue, counter_id: counter, member_id: member }, '2026-03-28T22:30:00Z');
    await append(
      q,
      'TicketPushed',
      { queue_id: queue, ticket: ticket(t1, '2026-03-28T22:40:00Z', customer), rank: 1, estimated_wait_seconds: 600 },
      '2026-03-28T22:40:00Z',
    );
    await append(
      q,
      'TicketCalled',
      { queue_id: queue, ticket_id: t1, counter_id: counter, member_id: member, from_rank: 1, at: '2026-03-28T22:50:00Z', waited_seconds: 600 },
      '2026-03-28T22:50:00Z',
    );
    // Called back to the list and called again: it waited once.
    await append(q, 'TicketReturnedToWaiting', { queue_id: queue, ticket_id: t1, to_rank: 1, counter_id: counter, reason: 'recalled' }, '2026-03-28T22:51:00Z');
    await append(
      q,
      'TicketCalled',
      { queue_id: queue, ticket_id: t1, counter_id: counter, member_id: member, from_rank: 1, at: '2026-03-28T22:55:00Z', waited_seconds: 900 },
      '2026-03-28T22:55:00Z',
    );
    await append(
      q,
      'TicketEnded',
      { queue_id: queue, ticket_id: t1, from_rank: null, counter_id: counter, at: '2026-03-28T23:05:00Z', service_id: service, served_seconds: 600 },
      '2026-03-28T23:05:00Z',
    );
    await append(`ticketfeedback-${t1}`, 'TicketFeedbackGiven', { ticket_id: t1, queue_id: queue, stars: 3, text: null }, '2026-03-29T08:00:00Z');
    // The same customer again on the 29th (returning), redirected to another queue and served there.
    await append(
      q,
      'TicketPushed',
      { queue_id: queue, ticket: ticket(t2, '2026-03-29T00:10:00Z', customer), rank: 1, estimated_wait_seconds: 100 },
      '2026-03-29T00:10:00Z',
    );
    await append(
      q,
      'TicketRedirectedOut',
      { queue_id: queue, ticket_id: t2, from_rank: 1, counter_id: null, at: '2026-03-29T00:20:00Z', to_queue_id: queue2 },
      '2026-03-29T00:20:00Z',
    );
    await append(
      q2,
      'TicketRedirectedIn',
      { queue_id: queue2, ticket: ticket(t2, '2026-03-29T00:10:00Z', customer), rank: 1, from_queue_id: queue, estimated_wait_seconds: 300 },
      '2026-03-29T00:20:00Z',
    );
    await append(
      q2,
      'TicketCalled',
      { queue_id: queue2, ticket_id: t2, counter_id: counter, member_id: member, from_rank: 1, at: '2026-03-29T00:25:00Z', waited_seconds: 900 },
      '2026-03-29T00:25:00Z',
    );
    await append(q, 'CounterClosed', { queue_id: queue, counter_id: counter, member_id: member }, '2026-03-29T00:30:00Z');
    await append(
      q,
      'TicketPushed',
      { queue_id: queue, ticket: ticket(t3, '2026-03-29T09:00:00Z', null), rank: 1, estimated_wait_seconds: 0 },
      '2026-03-29T09:00:00Z',
    );
    await append(
      q,
      'TicketMarkedNoShow',
      { queue_id: queue, ticket_id: t3, from_rank: 1, counter_id: null, at: '2026-03-29T09:30:00Z' },
      '2026-03-29T09:30:00Z',
    );

    const made = { department_id: department, member_id: null, service_ids: [service] };
    await append(`booking-${booking1}`, 'BookingCreated', { booking_id: booking1, ...made, channel: 'online', status: 'confirmed' }, '2026-03-29T07:00:00Z');
    await append(`booking-${booking2}`, 'BookingCreated', { booking_id: booking2, ...made, channel: 'staff', status: 'confirmed' }, '2026-03-29T07:10:00Z');
    await append(`booking-${booking1}`, 'BookingCheckedIn', { booking_id: booking1, queue_id: queue, ticket_id: t3 }, '2026-03-29T08:59:00Z');
    await append(`booking-${booking1}`, 'BookingCompleted', { booking_id: booking1 }, '2026-03-29T09:40:00Z');
    await append(`booking-${booking2}`, 'BookingCancelled', { booking_id: booking2, reason: null }, '2026-03-29T09:41:00Z');
    const paid = { booking_id: booking1, rest_to_pay: 0, note: null };
    await append(
      `booking-${booking1}`,
      'BookingPaymentRecorded',
      { ...paid, payment_id: pay1, amount: 25, method: 'cash', status: 'partially_paid', paid_on: '2026-03-27' },
      '2026-03-29T09:00:00Z',
    );
    await append(
      `booking-${booking1}`,
      'BookingPaymentRecorded',
      { ...paid, payment_id: pay2, amount: 10.01, method: 'online', status: 'paid', paid_on: null },
      '2026-03-29T22:30:00Z',
    );
    await append(
      `booking-${booking1}`,
      'BookingPaymentRecorded',
      { ...paid, payment_id: pay3, amount: 999, method: 'cash', status: 'paid', paid_on: null },
      '2026-03-29T10:00:00Z',
    );
    await append(`booking-${booking1}`, 'BookingPaymentDeleted', { booking_id: booking1, payment_id: pay3 }, '2026-03-29T10:01:00Z');

    manager = new SubscriptionManager(store, connectTo(t.url), { pollIntervalMs: 100, lockPollMs: 50 });
    manager.registerAsync(statisticsProjection, { batchSize: 5 });
    await manager.start();
    await waitFor(() => caughtUp(t.db, statisticsProjection.name), 'the projection');
  }, 60_000);

  afterAll(async () => {
    await manager?.stop();
    await t?.drop();
  });

  const day = (d: string) => sql`day = ${d}::date`;
  const total = async (table: string, col: string, where: ReturnType<typeof sql>) =>
    Number((await sql<{ n: string }>`SELECT coalesce(sum(${sql.ref(col)}), 0)::text AS n FROM ${sql.table(table)} WHERE ${where}`.execute(t.db)).rows[0].n);

  it('counts each ticket once per queue it arrived in, by the local day, with the department of its service', async () => {
    // t1 arrived 23:40 local on the 28th; t2 at 01:10 local on the 29th in the first queue, and again (redirected) in the second.
    expect(await total('statistics_tickets_daily', 'taken', day('2026-03-28'))).toBe(1);
    expect(await total('statistics_tickets_daily', 'taken', sql`day = '2026-03-29' AND queue_id = ${queue}`)).toBe(2);
    expect(await total('statistics_tickets_daily', 'taken', sql`day = '2026-03-29' AND queue_id = ${queue2}`)).toBe(1);
    expect(await total('statistics_tickets_daily', 'redirected', sql`queue_id = ${queue}`)).toBe(1);
    expect(await total('statistics_tickets_daily', 'no_show', day('2026-03-29'))).toBe(1);
    // Served at 00:05 local on the 29th: the end's day.
    expect(await total('statistics_tickets_daily', 'served', day('2026-03-29'))).toBe(1);
    expect(await total('statistics_tickets_daily', 'service_sum', day('2026-03-29'))).toBe(600);
    expect(await total('statistics_tickets_daily', 'taken', sql`department_id = ${department} AND service_id = ${service}`)).toBe(4);
    // Waits: t1's first call only (600), t2's in the second queue (900).
    expect(await total('statistics_tickets_daily', 'wait_sum', sql`true`)).toBe(1500);
    expect(await total('statistics_tickets_daily', 'wait_count', sql`true`)).toBe(2);
    expect(await rows('statistics_durations_daily', sql`kind = 'w'`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ bucket: 20, count: 1 }), expect.objectContaining({ bucket: 30, count: 1 })]),
    );
    // New on the 28th, returning on the 29th; the redirect is not a new visit; t3 was a walk-in.
    expect(await total('statistics_tickets_daily', 'new_customers', day('2026-03-28'))).toBe(1);
    expect(await total('statistics_tickets_daily', 'returning_customers', day('2026-03-29'))).toBe(1);
    expect(await total('statistics_tickets_daily', 'walk_ins', day('2026-03-29'))).toBe(1);
  });

  it('cuts a counter’s open time at the business’s local midnight and keeps its serving time beside it', async () => {
    const c = await sql<{ day: string; open_seconds: string; serving_seconds: string; served: number }>`
      SELECT day::text AS day, open_seconds::text, serving_seconds::text, served FROM statistics_counters_daily ORDER BY day`.execute(t.db);
    expect(c.rows).toEqual([
      { day: '2026-03-28', open_seconds: '1800', serving_seconds: '0', served: 0 },
      { day: '2026-03-29', open_seconds: '5400', serving_seconds: '600', served: 1 },
    ]);
  });

  it('measures the estimate given at push against the wait, per queue and ISO week', async () => {
    const e =
      await sql`SELECT week::text AS week, queue_id, count, abs_error_sum::int AS err, under_count FROM statistics_estimates_weekly ORDER BY queue_id`.execute(
        t.db,
      );
    // t1: 600 announced, waited 600; t2: 300 announced in the second queue, waited 900 (under).
    expect(e.rows).toEqual(
      expect.arrayContaining([
        { week: '2026-03-23', queue_id: queue, count: 1, err: 0, under_count: 0 },
        { week: '2026-03-23', queue_id: queue2, count: 1, err: 600, under_count: 1 },
      ]),
    );
  });

  it('counts bookings made by channel, honoured once although checked in and completed, and cancelled; payments by day', async () => {
    const b = await sql`SELECT channel, made, cancelled, honoured, no_show FROM statistics_bookings_daily WHERE day = '2026-03-29' ORDER BY channel`.execute(
      t.db,
    );
    expect(b.rows).toEqual([
      { channel: 'online', made: 1, cancelled: 0, honoured: 1, no_show: 0 },
      { channel: 'staff', made: 1, cancelled: 1, honoured: 0, no_show: 0 },
    ]);
    const p = await sql`SELECT payment_id, day::text AS day, method, status, amount_cents::int AS amount FROM statistics_payments ORDER BY day`.execute(t.db);
    // The day paid when given, else the local day it was recorded (22:30Z on the 29th is the 30th in Paris).
    expect(p.rows).toEqual([
      { payment_id: pay1, day: '2026-03-27', method: 'cash', status: 'partially_paid', amount: 2500 },
      { payment_id: pay2, day: '2026-03-30', method: 'online', status: 'paid', amount: 1001 },
    ]);
  });

  it('rates the ticket’s counter, member and service', async () => {
    expect(await rows('statistics_feedback_daily')).toEqual([
      expect.objectContaining({ queue_id: queue, counter_id: counter, member_id: member, service_id: service, stars: 3, count: 1 }),
    ]);
    expect(await total('statistics_feedback_daily', 'count', sql`counter_id = ${NONE}`)).toBe(0);
  });

  it('rebuilt from position 0 gives the same rows as the live run', async () => {
    const snapshot = async () =>
      Object.fromEntries(await Promise.all(STATISTICS_TABLES.map(async (table) => [table, (await rows(table)).map((r) => JSON.stringify(r)).sort()] as const)));
    const live = await snapshot();
    await sql`TRUNCATE statistics_counters_daily`.execute(t.db);
    const result = await rebuildProjection(t.db, manager.find(statisticsProjection.name)!, 4);
    // 25 events stored, the return to the waiting list not among those it handles.
    expect(result.events).toBe(24);
    expect(await snapshot()).toEqual(live);
    // In the projection's own rebuild batches (the whole log at once here): the same rows.
    expect((await rebuildProjection(t.db, manager.find(statisticsProjection.name)!)).events).toBe(24);
    expect(await snapshot()).toEqual(live);
  });
});
