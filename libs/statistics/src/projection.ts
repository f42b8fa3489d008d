import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { AsyncProjection, ProjectionDb, RecordOf } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { BookingEvent, PaymentEvent } from '@tabour/bookings';
import type { BusinessEvent, BusinessRegisteredEvent, DepartmentEvent } from '@tabour/organisation';
import type { FeedbackEvent, QueueEvent } from '@tabour/queues';
import { bucketOf, localTime, NONE, orNone } from './figures';
import { STATISTICS_TABLES } from './tables';

type Db = ProjectionDb<Database>;
type StatisticsEvent = QueueEvent | FeedbackEvent | BookingEvent | PaymentEvent | BusinessEvent | BusinessRegisteredEvent | DepartmentEvent;
type Rec = RecordOf<StatisticsEvent>;

const LEFT_AS: Record<string, string> = {
  TicketEnded: 'served',
  TicketMarkedNoShow: 'no_show',
  TicketMarkedAbsent: 'absent',
  TicketRevoked: 'cancelled',
  TicketClosedAtDayEnd: 'closed_at_day_end',
  TicketRedirectedOut: 'redirected',
};

const BOOKING_OUTCOME: Record<string, 'cancelled' | 'honoured' | 'no_show'> = {
  BookingCancelled: 'cancelled',
  BookingMarkedNoShow: 'no_show',
  BookingCompleted: 'honoured',
  BookingCheckedIn: 'honoured',
};

export const STATISTICS_EVENT_TYPES = [
  'BusinessRegistered',
  'BusinessInformationUpdated',
  'DepartmentCreated',
  'DepartmentUpdated',
  'DepartmentDeleted',
  'TicketPushed',
  'TicketRedirectedIn',
  'TicketRestored',
  'TicketCalled',
  ...Object.keys(LEFT_AS),
  'CounterOpened',
  'CounterClosed',
  'CounterDeleted',
  'TicketFeedbackGiven',
  'BookingCreated',
  'BookingRescheduled',
  'BookingDeleted',
  ...Object.keys(BOOKING_OUTCOME),
  'BookingPaymentRecorded',
  'BookingPaymentDeleted',
] as StatisticsEvent['type'][];

/**
 * Adds to an aggregate row, creating it at zero first: `INSERT … ON CONFLICT DO UPDATE SET
 * c = t.c + EXCLUDED.c`. Each event reaches it once (the subscription moves its checkpoint in
 * the same transaction), and the per-ticket and per-booking guards below add an outcome once
 * even if an event were replayed over kept rows.
 */
async function bump(db: Db, table: string, keys: Record<string, string | number>, adds: Record<string, number>): Promise<void> {
  const cols = [...Object.keys(keys), ...Object.keys(adds)];
  const values = [...Object.values(keys), ...Object.values(adds)];
  await sql`
    INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${sql.join(values)})
    ON CONFLICT (${sql.join(Object.keys(keys).map((c) => sql.ref(c)))}) DO UPDATE SET
    ${sql.join(Object.keys(adds).map((c) => sql`${sql.ref(c)} = ${sql.table(table)}.${sql.ref(c)} + EXCLUDED.${sql.ref(c)}`))}`.execute(db);
}

interface TicketRow {
  ticket_id: string;
  queue_id: string;
  service_id: string;
  department_id: string;
  member_id: string;
  counter_id: string;
  customer_id: string | null;
  estimate_seconds: number | null;
  waited: boolean;
}

const ticketOf = async (db: Db, tenant: string, ticketId: string) =>
  (await sql<TicketRow>`SELECT * FROM statistics_tickets WHERE tenant_id = ${tenant} AND ticket_id = ${ticketId}`.execute(db)).rows[0];

/** What each event needs beside itself: the business's zone, a service's department. */
class Context {
  private readonly zones = new Map<string, string>();
  constructor(private readonly db: Db) {}

  async zone(tenant: string): Promise<string> {
    let z = this.zones.get(tenant);
    if (!z) {
      const row = (await sql<{ time_zone: string }>`SELECT time_zone FROM statistics_zones WHERE tenant_id = ${tenant}`.execute(this.db)).rows[0];
      z = row?.time_zone ?? 'UTC';
      this.zones.set(tenant, z);
    }
    return z;
  }

  async setZone(tenant: string, zone: string): Promise<void> {
    await sql`INSERT INTO statistics_zones (tenant_id, time_zone) VALUES (${tenant}, ${zone})
      ON CONFLICT (tenant_id) DO UPDATE SET time_zone = EXCLUDED.time_zone`.execute(this.db);
    this.zones.set(tenant, zone);
  }

  async local(tenant: string, at: Date | string) {
    return localTime(at, await this.zone(tenant));
  }

  /** A service's department; when several departments offer it, the first by id, so a rebuild agrees. */
  async department(tenant: string, serviceId: string | null): Promise<string> {
    if (!serviceId) return NONE;
    const row = (
      await sql<{ department_id: string }>`SELECT department_id FROM statistics_service_departments
        WHERE tenant_id = ${tenant} AND service_id = ${serviceId} ORDER BY department_id LIMIT 1`.execute(this.db)
    ).rows[0];
    return row?.department_id ?? NONE;
  }
}

type Dims = { queue_id: string; service_id: string; department_id: string; counter_id: string; member_id: string };
const dimsOf = (t: TicketRow, over: Partial<Dims> = {}): Dims => ({
  queue_id: t.queue_id,
  service_id: t.service_id,
  department_id: t.department_id,
  counter_id: t.counter_id,
  member_id: t.member_id,
  ...over,
});

async function arrive(db: Db, ctx: Context, e: Rec & { type: 'TicketPushed' | 'TicketRedirectedIn' }): Promise<void> {
  const tenant = e.data.business_id;
  const t = e.data.ticket;
  const service = t.service_ids[0] ?? null;
  const row = {
    queue_id: e.data.queue_id,
    service_id: orNone(service),
    department_id: await ctx.department(tenant, service),
    member_id: orNone(t.member_id),
    counter_id: NONE,
  };
  const at = e.type === 'TicketPushed' ? t.checked_in_at : e.recordedAt;
  let counted: boolean;
  if (e.type === 'TicketPushed') {
    const r =
      await sql`INSERT INTO statistics_tickets (tenant_id, ticket_id, queue_id, service_id, department_id, member_id, counter_id, customer_id, arrived_at, estimate_seconds)
      VALUES (${tenant}, ${t.id}, ${row.queue_id}, ${row.service_id}, ${row.department_id}, ${row.member_id}, ${NONE}, ${t.customer_id}, ${t.checked_in_at}, ${e.data.estimated_wait_seconds})
      ON CONFLICT DO NOTHING RETURNING ticket_id`.execute(db);
    counted = r.rows.length > 0;
  } else {
    // The ticket keeps its id across queues: it arrives again in the target, once per redirect.
    const r = await sql`UPDATE statistics_tickets SET queue_id = ${row.queue_id}, service_id = ${row.service_id}, department_id = ${row.department_id},
        member_id = ${row.member_id}, counter_id = ${NONE}, estimate_seconds = ${e.data.estimated_wait_seconds}, waited = false, outcome = NULL
      WHERE tenant_id = ${tenant} AND ticket_id = ${t.id} AND outcome = 'redirected' RETURNING ticket_id`.execute(db);
    counted = r.rows.length > 0;
    if (!r.rows.length) {
      const ins =
        await sql`INSERT INTO statistics_tickets (tenant_id, ticket_id, queue_id, service_id, department_id, member_id, counter_id, customer_id, arrived_at, estimate_seconds)
        VALUES (${tenant}, ${t.id}, ${row.queue_id}, ${row.service_id}, ${row.department_id}, ${row.member_id}, ${NONE}, ${t.customer_id}, ${t.checked_in_at}, ${e.data.estimated_wait_seconds})
        ON CONFLICT DO NOTHING RETURNING ticket_id`.execute(db);
      counted = ins.rows.length > 0;
    }
  }
  if (!counted) return;
  const { day, hour } = await ctx.local(tenant, at);
  const customers = { new_customers: 0, returning_customers: 0, walk_ins: 0 };
  if (e.type === 'TicketPushed') {
    if (!t.customer_id) customers.walk_ins = 1;
    else {
      const first = await sql`INSERT INTO statistics_customers (tenant_id, customer_id, first_day) VALUES (${tenant}, ${t.customer_id}, ${day})
        ON CONFLICT DO NOTHING RETURNING customer_id`.execute(db);
      if (first.rows.length) customers.new_customers = 1;
      else customers.returning_customers = 1;
    }
  }
  await bump(db, 'statistics_tickets_daily', { tenant_id: tenant, day, ...row }, { taken: 1, ...customers });
  await bump(db, 'statistics_hourly', { tenant_id: tenant, day, hour, queue_id: row.queue_id, service_id: row.service_id }, { taken: 1 });
}

async function called(db: Db, ctx: Context, e: Rec & { type: 'TicketCalled' }): Promise<void> {
  const tenant = e.data.business_id;
  const t = await ticketOf(db, tenant, e.data.ticket_id);
  if (!t) return;
  await sql`UPDATE statistics_tickets SET counter_id = ${e.data.counter_id}, member_id = ${e.data.member_id}, waited = true
    WHERE tenant_id = ${tenant} AND ticket_id = ${t.ticket_id}`.execute(db);
  // A ticket called again (pushed back, recalled) waited once: its first call.
  if (t.waited) return;
  const wait = Math.max(0, Math.round(e.data.waited_seconds));
  const { day, hour, week } = await ctx.local(tenant, e.data.at);
  const dims = dimsOf(t, { counter_id: e.data.counter_id, member_id: e.data.member_id });
  await bump(db, 'statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { wait_count: 1, wait_sum: wait });
  await bump(db, 'statistics_durations_daily', { tenant_id: tenant, day, ...dims, kind: 'w', bucket: bucketOf(wait) }, { count: 1 });
  await bump(db, 'statistics_hourly', { tenant_id: tenant, day, hour, queue_id: t.queue_id, service_id: t.service_id }, { wait_count: 1, wait_sum: wait });
  if (t.estimate_seconds !== null) {
    await bump(
      db,
      'statistics_estimates_weekly',
      { tenant_id: tenant, week, queue_id: t.queue_id },
      { count: 1, abs_error_sum: Math.abs(wait - t.estimate_seconds), under_count: t.estimate_seconds < wait ? 1 : 0 },
    );
  }
}

type Leaving = Rec & { type: 'TicketEnded' | 'TicketMarkedNoShow' | 'TicketMarkedAbsent' | 'TicketRevoked' | 'TicketClosedAtDayEnd' | 'TicketRedirectedOut' };

async function left(db: Db, ctx: Context, e: Leaving): Promise<void> {
  const tenant = e.data.business_id;
  const outcome = LEFT_AS[e.type];
  const r = await sql<TicketRow>`UPDATE statistics_tickets SET outcome = ${outcome}
    WHERE tenant_id = ${tenant} AND ticket_id = ${e.data.ticket_id} AND outcome IS NULL RETURNING *`.execute(db);
  const t = r.rows[0];
  if (!t) return;
  const { day } = await ctx.local(tenant, e.data.at);
  const counter = e.data.counter_id ?? t.counter_id;
  if (e.type === 'TicketEnded') {
    const served = Math.max(0, Math.round(e.data.served_seconds));
    const dims = dimsOf(t, { counter_id: orNone(counter), service_id: e.data.service_id ?? t.service_id });
    await bump(db, 'statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { served: 1, service_count: 1, service_sum: served });
    await bump(db, 'statistics_durations_daily', { tenant_id: tenant, day, ...dims, kind: 's', bucket: bucketOf(served) }, { count: 1 });
    if (counter) {
      await bump(
        db,
        'statistics_counters_daily',
        { tenant_id: tenant, day, queue_id: t.queue_id, counter_id: counter, member_id: t.member_id },
        { serving_seconds: served, served: 1 },
      );
    }
    return;
  }
  await bump(db, 'statistics_tickets_daily', { tenant_id: tenant, day, ...dimsOf(t, { counter_id: orNone(counter) }) }, { [outcome]: 1 });
}

/** A counter's open time, cut at the business's local midnights so each day gets its own part. */
async function counterClosed(db: Db, ctx: Context, tenant: string, counterId: string, at: Date): Promise<void> {
  const r = await sql<{ queue_id: string; member_id: string; opened_at: Date }>`DELETE FROM statistics_counter_sessions
    WHERE tenant_id = ${tenant} AND counter_id = ${counterId} RETURNING queue_id, member_id, opened_at`.execute(db);
  const s = r.rows[0];
  if (!s) return;
  const zone = await ctx.zone(tenant);
  let from = DateTime.fromJSDate(s.opened_at).setZone(zone);
  const end = DateTime.fromJSDate(at).setZone(zone);
  while (from < end) {
    const midnight = from.startOf('day').plus({ days: 1 });
    const until = midnight < end ? midnight : end;
    const seconds = Math.round(until.diff(from, 'seconds').seconds);
    await bump(
      db,
      'statistics_counters_daily',
      { tenant_id: tenant, day: from.toISODate()!, queue_id: s.queue_id, counter_id: counterId, member_id: s.member_id },
      { open_seconds: seconds },
    );
    from = until;
  }
}

async function feedback(db: Db, ctx: Context, e: Rec & { type: 'TicketFeedbackGiven' }): Promise<void> {
  const tenant = e.data.business_id;
  const r = await sql<TicketRow>`UPDATE statistics_tickets SET rated = true
    WHERE tenant_id = ${tenant} AND ticket_id = ${e.data.ticket_id} AND NOT rated RETURNING *`.execute(db);
  const t = r.rows[0];
  if (!t) return;
  const { day } = await ctx.local(tenant, e.recordedAt);
  await bump(
    db,
    'statistics_feedback_daily',
    { tenant_id: tenant, day, queue_id: t.queue_id, service_id: t.service_id, counter_id: t.counter_id, member_id: t.member_id, stars: e.data.stars },
    { count: 1 },
  );
}

async function booking(db: Db, ctx: Context, e: Rec & { type: BookingEvent['type'] }): Promise<void> {
  const tenant = e.data.business_id;
  const id = e.data.booking_id;
  if (e.type === 'BookingCreated') {
    const d = e.data;
    const keys = { department_id: d.department_id, member_id: orNone(d.member_id), service_id: orNone(d.service_ids[0]), channel: d.channel };
    const r = await sql`INSERT INTO statistics_bookings (tenant_id, booking_id, department_id, member_id, service_id, channel)
      VALUES (${tenant}, ${id}, ${keys.department_id}, ${keys.member_id}, ${keys.service_id}, ${keys.channel}) ON CONFLICT DO NOTHING RETURNING booking_id`.execute(
      db,
    );
    if (!r.rows.length) return;
    const { day } = await ctx.local(tenant, e.recordedAt);
    await bump(db, 'statistics_bookings_daily', { tenant_id: tenant, day, ...keys }, { made: 1 });
    return;
  }
  if (e.type === 'BookingRescheduled') {
    await sql`UPDATE statistics_bookings SET department_id = ${e.data.department_id}, member_id = ${orNone(e.data.member_id)},
      service_id = ${orNone(e.data.service_ids[0])} WHERE tenant_id = ${tenant} AND booking_id = ${id}`.execute(db);
    return;
  }
  if (e.type === 'BookingDeleted') {
    await sql`DELETE FROM statistics_payments WHERE tenant_id = ${tenant} AND booking_id = ${id}`.execute(db);
    return;
  }
  const outcome = BOOKING_OUTCOME[e.type];
  if (!outcome) return;
  // A booking checked in and then completed was honoured once.
  const r = await sql<{ department_id: string; member_id: string; service_id: string; channel: string }>`UPDATE statistics_bookings SET outcome = ${outcome}
    WHERE tenant_id = ${tenant} AND booking_id = ${id} AND outcome IS NULL RETURNING department_id, member_id, service_id, channel`.execute(db);
  const b = r.rows[0];
  if (!b) return;
  const { day } = await ctx.local(tenant, e.recordedAt);
  await bump(db, 'statistics_bookings_daily', { tenant_id: tenant, day, ...b }, { [outcome]: 1 });
}

/**
 * The statistics read models (docs/statistics.md): per business and local day (and hour), by
 * queue, service, department, counter and member. Asynchronous: a moment behind the commands,
 * never on their path; rebuilt from position 0 to the same rows.
 */
export const statisticsProjection: AsyncProjection<StatisticsEvent, Database> = {
  name: 'statistics.figures',
  handles: STATISTICS_EVENT_TYPES,
  tables: STATISTICS_TABLES,
  batchSize: 500,
  async apply(db, events) {
    const ctx = new Context(db);
    for (const e of events as Rec[]) {
      switch (e.type) {
        case 'BusinessRegistered':
          await sql`INSERT INTO statistics_zones (tenant_id, time_zone) VALUES (${e.data.business_id}, 'UTC') ON CONFLICT DO NOTHING`.execute(db);
          break;
        case 'BusinessInformationUpdated':
          if (e.data.changes.time_zone) await ctx.setZone(e.data.business_id, e.data.changes.time_zone);
          break;
        case 'DepartmentCreated':
        case 'DepartmentUpdated':
        case 'DepartmentDeleted': {
          const tenant = e.data.business_id;
          const dep = e.data.department_id;
          const services = e.type === 'DepartmentCreated' ? e.data.service_ids : e.type === 'DepartmentUpdated' ? e.data.changes.service_ids : [];
          if (services === undefined) break;
          await sql`DELETE FROM statistics_service_departments WHERE tenant_id = ${tenant} AND department_id = ${dep}`.execute(db);
          for (const s of services) {
            await sql`INSERT INTO statistics_service_departments (tenant_id, department_id, service_id) VALUES (${tenant}, ${dep}, ${s})
              ON CONFLICT DO NOTHING`.execute(db);
          }
          break;
        }
        case 'TicketPushed':
        case 'TicketRedirectedIn':
          await arrive(db, ctx, e);
          break;
        case 'TicketRestored':
          await sql`UPDATE statistics_tickets SET outcome = NULL WHERE tenant_id = ${e.data.business_id} AND ticket_id = ${e.data.ticket.id}`.execute(db);
          break;
        case 'TicketCalled':
          await called(db, ctx, e);
          break;
        case 'TicketEnded':
        case 'TicketMarkedNoShow':
        case 'TicketMarkedAbsent':
        case 'TicketRevoked':
        case 'TicketClosedAtDayEnd':
        case 'TicketRedirectedOut':
          await left(db, ctx, e);
          break;
        case 'CounterOpened':
          await sql`INSERT INTO statistics_counter_sessions (tenant_id, counter_id, queue_id, member_id, opened_at)
            VALUES (${e.data.business_id}, ${e.data.counter_id}, ${e.data.queue_id}, ${e.data.member_id}, ${e.recordedAt})
            ON CONFLICT (tenant_id, counter_id) DO NOTHING`.execute(db);
          break;
        case 'CounterClosed':
        case 'CounterDeleted':
          await counterClosed(db, ctx, e.data.business_id, e.data.counter_id, e.recordedAt);
          break;
        case 'TicketFeedbackGiven':
          await feedback(db, ctx, e);
          break;
        case 'BookingPaymentRecorded': {
          const d = e.data;
          const { day } = d.paid_on && /^\d{4}-\d{2}-\d{2}$/.test(d.paid_on) ? { day: d.paid_on } : await ctx.local(d.business_id, e.recordedAt);
          await sql`INSERT INTO statistics_payments (tenant_id, payment_id, booking_id, day, method, status, amount_cents, recorded_at)
            VALUES (${d.business_id}, ${d.payment_id}, ${d.booking_id}, ${day}, ${d.method}, ${d.status}, ${d.amount}, ${e.recordedAt})
            ON CONFLICT (tenant_id, payment_id) DO UPDATE SET day = EXCLUDED.day, method = EXCLUDED.method, status = EXCLUDED.status,
              amount_cents = EXCLUDED.amount_cents, recorded_at = EXCLUDED.recorded_at`.execute(db);
          break;
        }
        case 'BookingPaymentDeleted':
          await sql`DELETE FROM statistics_payments WHERE tenant_id = ${e.data.business_id} AND payment_id = ${e.data.payment_id}`.execute(db);
          break;
        default:
          if (e.type.startsWith('Booking')) await booking(db, ctx, e as Rec & { type: BookingEvent['type'] });
      }
    }
  },
};
