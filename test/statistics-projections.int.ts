import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { NONE, statisticsProjection, statisticsSettingsProjection, type ReportSettingEvent } from '@tabour/statistics';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const OTHER = randomUUID();
// The spec records its first event at 09:00:00 and each next one a second later.
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, second));

describe('the statistics settings projection', () => {
  const R = randomUUID();
  const spec = projectionSpecification(statisticsSettingsProjection, () => t.db, {
    tenantId: B,
    streamOf: (e) => ('id' in e.data ? `reportsetting-${e.data.id}` : `statisticssettings-${B}`),
  });
  const fields = {
    title: 'Long waits',
    queue_id: randomUUID(),
    trigger_kpi: 'waiting_time',
    trigger_operator: 'gt',
    trigger_value: 900,
    member_id: randomUUID(),
    content: { en: 'Waiting {{value}}', fr: 'Attente {{value}}', ar: '' },
    daily_summary: true,
    summary_time: '18:00',
  } as const;
  const created: ReportSettingEvent = { type: 'ReportSettingCreated', data: { business_id: B, id: R, ...fields, content: { ...fields.content } } };
  const reports = (db: Transaction<Database>) => db.selectFrom('report_settings').selectAll().where('tenant_id', '=', B).execute();

  it('keeps the last service level target of each business', () =>
    spec
      .given([{ type: 'ServiceLevelTargetSet', data: { business_id: B, target_seconds: 600 } }])
      .when([
        { type: 'ServiceLevelTargetSet', data: { business_id: OTHER, target_seconds: 120 } },
        { type: 'ServiceLevelTargetSet', data: { business_id: B, target_seconds: 900 } },
      ])
      .then(
        (db) => db.selectFrom('statistics_settings').selectAll().where('tenant_id', 'in', [B, OTHER]).orderBy('service_level_target_seconds').execute(),
        [
          { tenant_id: OTHER, service_level_target_seconds: 120, updated_at: at(1) },
          { tenant_id: B, service_level_target_seconds: 900, updated_at: at(2) },
        ],
      ));

  it('keeps a report setting as created', () =>
    spec
      .given()
      .when([created])
      .then(reports, [{ tenant_id: B, id: R, ...fields, created_at: at(0), updated_at: at(0) }]));

  it('replaces the whole setting on an update, its creation time kept', () =>
    spec
      .given([created])
      .when([{ type: 'ReportSettingUpdated', data: { ...created.data, trigger_operator: 'lte', trigger_value: 60, daily_summary: false } }])
      .then(reports, [
        { tenant_id: B, id: R, ...fields, trigger_operator: 'lte', trigger_value: 60, daily_summary: false, created_at: at(0), updated_at: at(1) },
      ]));

  it("forgets a deleted setting, and not for another business's deletion naming its id", async () => {
    await spec
      .given([created])
      .when([{ type: 'ReportSettingDeleted', data: { business_id: B, id: R } }])
      .then(reports, []);
    await spec
      .given([created])
      .when([{ type: 'ReportSettingDeleted', data: { business_id: OTHER, id: R } }])
      .then((db) => reports(db).then((rows) => rows.map((r) => r.id)), [R]);
  });
});

describe('the statistics figures projection', () => {
  // The projection reads its events loosely, each family by the fields it needs.
  type Loose = { type: string; data: Record<string, unknown> };
  const figures = statisticsProjection as unknown as InlineProjection<Loose, Database>;
  const [Q, S, D, C, M, CUSTOMER, TICKET, BOOKING, P1, P2] = Array.from({ length: 10 }, () => randomUUID());
  const ev = (type: string, data: Record<string, unknown>, business_id = B): Loose => ({ type, data: { business_id, ...data } });
  const inParis = ev('BusinessInformationUpdated', { changes: { time_zone: 'Europe/Paris' } });
  const department = ev('DepartmentCreated', { department_id: D, name: 'Accueil', service_ids: [S] });
  const pushed = (business_id = B) =>
    ev(
      'TicketPushed',
      {
        queue_id: Q,
        // 23:30 UTC is 00:30 on the 6th in Paris.
        ticket: {
          id: TICKET,
          uid: 'u1',
          number: 1,
          label: 'A1',
          day: '2026-01-06',
          urgent: false,
          service_ids: [S],
          member_id: null,
          customer_id: CUSTOMER,
          checked_in_at: '2026-01-05T23:30:00Z',
        },
        rank: 1,
        estimated_wait_seconds: 300,
      },
      business_id,
    );
  const calledAndServed = [
    ev('TicketCalled', { queue_id: Q, ticket_id: TICKET, counter_id: C, member_id: M, from_rank: 1, at: '2026-01-05T23:40:00Z', waited_seconds: 600 }),
    ev('TicketEnded', { queue_id: Q, ticket_id: TICKET, from_rank: null, counter_id: C, at: '2026-01-05T23:50:00Z', service_id: S, served_seconds: 420 }),
  ];
  const spec = projectionSpecification(figures, () => t.db, { tenantId: B, streamOf: (e) => `${e.type.replace(/[A-Z][a-z]+$/, '').toLowerCase()}-${B}` });
  const tickets = (db: Transaction<Database>) =>
    sql<Record<string, unknown>>`
      SELECT day::text, queue_id, service_id, department_id, counter_id, member_id, taken, served, wait_count, wait_sum::int, service_count, service_sum::int,
        new_customers, returning_customers, walk_ins
      FROM statistics_tickets_daily WHERE tenant_id IN (${B}, ${OTHER}) ORDER BY counter_id = ${NONE} DESC`
      .execute(db)
      .then((r) => r.rows);
  const dims = { day: '2026-01-06', queue_id: Q, service_id: S, department_id: D };
  const none = { taken: 0, served: 0, wait_count: 0, wait_sum: 0, service_count: 0, service_sum: 0, new_customers: 0, returning_customers: 0, walk_ins: 0 };

  it("files a ticket under the business's local day and its service's department: taken, waited once, served", () =>
    spec
      .given([inParis, department])
      .when([pushed(), ...calledAndServed])
      .then(tickets, [
        { ...dims, counter_id: NONE, member_id: NONE, ...none, taken: 1, new_customers: 1 },
        { ...dims, counter_id: C, member_id: M, ...none, served: 1, wait_count: 1, wait_sum: 600, service_count: 1, service_sum: 420 },
      ]));

  it('counts a ticket pushed again once, and files no call or end of a ticket it never saw arrive', () =>
    spec
      .given([inParis, department, pushed()])
      .when([
        pushed(),
        ev('TicketCalled', { queue_id: Q, ticket_id: randomUUID(), counter_id: C, member_id: M, from_rank: 1, at: '2026-01-05T23:40:00Z', waited_seconds: 60 }),
      ])
      .then(tickets, [{ ...dims, counter_id: NONE, member_id: NONE, ...none, taken: 1, new_customers: 1 }]));

  it("keeps another business's ticket under that business, on its own (UTC) day", () =>
    spec
      .given([inParis, department])
      .when([pushed(OTHER)])
      .then((db) => tickets(db).then((rows) => rows.map((r) => [r.day, r.department_id, r.taken])), [['2026-01-05', NONE, 1]]));

  it('counts a booking made by its channel and its cancellation on the same row, and records each payment in cents until deleted', () => {
    const made = ev('BookingCreated', { booking_id: BOOKING, department_id: D, member_id: null, service_ids: [S], channel: 'online', status: 'confirmed' });
    const paid = (payment_id: string, amount: number, paid_on: string | null) =>
      ev('BookingPaymentRecorded', { booking_id: BOOKING, payment_id, amount, method: 'cash', status: 'paid', rest_to_pay: 0, paid_on, note: null });
    return spec
      .given([inParis, made])
      .when([
        ev('BookingCancelled', { booking_id: BOOKING, reason: null }),
        // Completed after its cancellation: a booking has one outcome, its first.
        ev('BookingCompleted', { booking_id: BOOKING }),
        paid(P1, 12.5, '2026-01-04'),
        paid(P2, 99, null),
        ev('BookingPaymentDeleted', { booking_id: BOOKING, payment_id: P2 }),
      ])
      .then(
        async (db) => ({
          bookings: (
            await sql`SELECT day::text, department_id, member_id, service_id, channel, made, cancelled, honoured, no_show FROM statistics_bookings_daily WHERE tenant_id = ${B}`.execute(
              db,
            )
          ).rows,
          payments: (
            await sql`SELECT payment_id, booking_id, day::text, method, status, amount_cents::int, recorded_at FROM statistics_payments WHERE tenant_id = ${B}`.execute(
              db,
            )
          ).rows,
        }),
        {
          bookings: [
            { day: '2026-01-05', department_id: D, member_id: NONE, service_id: S, channel: 'online', made: 1, cancelled: 1, honoured: 0, no_show: 0 },
          ],
          payments: [{ payment_id: P1, booking_id: BOOKING, day: '2026-01-04', method: 'cash', status: 'paid', amount_cents: 1250, recorded_at: at(4) }],
        },
      );
  });

  describe('for a counter open across the local midnight', () => {
    // 23:59:58 in Paris: the counter opens a second before midnight and closes a second after.
    const late = projectionSpecification(figures, () => t.db, { tenantId: B, startAt: new Date('2026-01-05T22:59:58Z'), streamOf: () => `queue-${Q}` });
    const counters = (db: Transaction<Database>) =>
      sql`SELECT day::text, queue_id, counter_id, member_id, open_seconds::int, serving_seconds::int, served FROM statistics_counters_daily WHERE tenant_id = ${B} ORDER BY day`
        .execute(db)
        .then((r) => r.rows);

    it('gives each local day its part of the open time', () =>
      late
        .given([inParis, ev('CounterOpened', { queue_id: Q, counter_id: C, member_id: M })])
        .when([ev('QueueResumed', { queue_id: Q }), ev('CounterClosed', { queue_id: Q, counter_id: C, member_id: M })])
        .then(counters, [
          { day: '2026-01-05', queue_id: Q, counter_id: C, member_id: M, open_seconds: 1, serving_seconds: 0, served: 0 },
          { day: '2026-01-06', queue_id: Q, counter_id: C, member_id: M, open_seconds: 1, serving_seconds: 0, served: 0 },
        ]));
  });
});
