import { type RawBuilder, sql } from 'kysely';
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

/** An aggregate table: its key columns and the counters added to, with their SQL types. */
interface Aggregate {
  keys: Record<string, string>;
  adds: Record<string, string>;
}

const TICKET_KEYS = { tenant_id: 'uuid', day: 'date', queue_id: 'uuid', service_id: 'uuid', department_id: 'uuid', counter_id: 'uuid', member_id: 'uuid' };
const TICKET_ADDS = Object.fromEntries(
  [
    'taken',
    'served',
    'no_show',
    'absent',
    'cancelled',
    'redirected',
    'closed_at_day_end',
    'wait_count',
    'wait_sum',
    'service_count',
    'service_sum',
    'new_customers',
    'returning_customers',
    'walk_ins',
  ].map((c) => [c, 'bigint']),
);
const AGGREGATES = {
  statistics_tickets_daily: { keys: TICKET_KEYS, adds: TICKET_ADDS },
  statistics_durations_daily: { keys: { ...TICKET_KEYS, kind: 'char(1)', bucket: 'smallint' }, adds: { count: 'bigint' } },
  statistics_durations_rollup: { keys: { tenant_id: 'uuid', day: 'date', queue_id: 'uuid', kind: 'char(1)', bucket: 'smallint' }, adds: { count: 'bigint' } },
  statistics_hourly: {
    keys: { tenant_id: 'uuid', day: 'date', hour: 'smallint', queue_id: 'uuid', service_id: 'uuid' },
    adds: { taken: 'bigint', wait_count: 'bigint', wait_sum: 'bigint' },
  },
  statistics_bookings_daily: {
    keys: { tenant_id: 'uuid', day: 'date', department_id: 'uuid', member_id: 'uuid', service_id: 'uuid', channel: 'text' },
    adds: { made: 'bigint', cancelled: 'bigint', honoured: 'bigint', no_show: 'bigint' },
  },
  statistics_feedback_daily: {
    keys: { tenant_id: 'uuid', day: 'date', queue_id: 'uuid', service_id: 'uuid', counter_id: 'uuid', member_id: 'uuid', stars: 'smallint' },
    adds: { count: 'bigint' },
  },
  statistics_counters_daily: {
    keys: { tenant_id: 'uuid', day: 'date', queue_id: 'uuid', counter_id: 'uuid', member_id: 'uuid' },
    adds: { open_seconds: 'bigint', serving_seconds: 'bigint', served: 'bigint' },
  },
  statistics_estimates_weekly: {
    keys: { tenant_id: 'uuid', week: 'date', queue_id: 'uuid' },
    adds: { count: 'bigint', abs_error_sum: 'bigint', under_count: 'bigint' },
  },
  statistics_tickets_rollup: { keys: { tenant_id: 'uuid', day: 'date', queue_id: 'uuid' }, adds: TICKET_ADDS },
  statistics_tickets_monthly: { keys: TICKET_KEYS, adds: TICKET_ADDS },
  statistics_durations_monthly: { keys: { ...TICKET_KEYS, kind: 'char(1)', bucket: 'smallint' }, adds: { count: 'bigint' } },
} satisfies Record<string, Aggregate>;
type AggregateName = keyof typeof AGGREGATES;

/** Each aggregate's key and counter columns, listed once. */
const COLUMNS = Object.fromEntries(
  Object.entries(AGGREGATES).map(([table, spec]: [string, Aggregate]) => [table, [Object.keys(spec.keys), Object.keys(spec.adds)]]),
) as Record<AggregateName, [string[], string[]]>;

/** The detailed tables whose sums are also kept per queue and for the whole business. */
const ROLLUP: Partial<Record<AggregateName, [AggregateName, AggregateName]>> = {
  statistics_tickets_daily: ['statistics_tickets_rollup', 'statistics_tickets_monthly'],
  statistics_durations_daily: ['statistics_durations_rollup', 'statistics_durations_monthly'],
};

interface TicketRow {
  tenant_id: string;
  ticket_id: string;
  queue_id: string;
  service_id: string;
  department_id: string;
  member_id: string;
  counter_id: string;
  customer_id: string | null;
  arrived_at: string;
  estimate_seconds: number | null;
  waited: boolean;
  outcome: string | null;
  rated: boolean;
}
interface Session {
  tenant_id: string;
  counter_id: string;
  queue_id: string;
  member_id: string;
  opened_at: string;
}
interface BookingRow {
  tenant_id: string;
  booking_id: string;
  department_id: string;
  member_id: string;
  service_id: string;
  channel: string;
  outcome: string | null;
}
interface PaymentRow {
  tenant_id: string;
  payment_id: string;
  booking_id: string;
  day: string;
  method: string;
  status: string;
  amount_cents: number;
  recorded_at: string;
}

const TICKET_COLUMNS: Record<keyof TicketRow, string> = {
  tenant_id: 'uuid',
  ticket_id: 'uuid',
  queue_id: 'uuid',
  service_id: 'uuid',
  department_id: 'uuid',
  member_id: 'uuid',
  counter_id: 'uuid',
  customer_id: 'uuid',
  arrived_at: 'timestamptz',
  estimate_seconds: 'integer',
  waited: 'boolean',
  outcome: 'text',
  rated: 'boolean',
};
const BOOKING_COLUMNS: Record<keyof BookingRow, string> = {
  tenant_id: 'uuid',
  booking_id: 'uuid',
  department_id: 'uuid',
  member_id: 'uuid',
  service_id: 'uuid',
  channel: 'text',
  outcome: 'text',
};
const PAYMENT_COLUMNS: Record<keyof PaymentRow, string> = {
  tenant_id: 'uuid',
  payment_id: 'uuid',
  booking_id: 'uuid',
  day: 'date',
  method: 'text',
  status: 'text',
  amount_cents: 'bigint',
  recorded_at: 'timestamptz',
};
const SESSION_COLUMNS: Record<keyof Session, string> = { tenant_id: 'uuid', counter_id: 'uuid', queue_id: 'uuid', member_id: 'uuid', opened_at: 'timestamptz' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a level holds either the next level or, at the last, the row
type Trie = Map<string | number, any>;
const key = (tenant: string, id: string) => `${tenant}/${id}`;
const iso = (v: Date | string) => (typeof v === 'string' ? v : v.toISOString());
const recordset = (columns: Record<string, string>) =>
  sql.raw(
    Object.entries(columns)
      .map(([c, t]) => `"${c}" ${t}`)
      .join(', '),
  );
const columnList = (columns: readonly string[]) => sql.raw(columns.map((c) => `"${c}"`).join(', '));

/** Reads rows of a table keyed by (tenant_id, <id>) for the pairs given, in one statement. */
async function load<T>(db: Db, table: string, idColumn: string, all: [string, string][]): Promise<T[]> {
  if (!all.length) return [];
  const pairs = [...new Map(all.map((p) => [key(p[0], p[1]), p])).values()];
  const r = await sql<T>`SELECT * FROM ${sql.table(table)} WHERE (tenant_id, ${sql.ref(idColumn)}) IN
    (SELECT * FROM unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`.execute(db);
  return r.rows;
}

type Statement = RawBuilder<unknown>;

/** Rows inserted, or replacing the stored row of the same key; nothing when there are none. */
function upsert(table: string, columns: Record<string, string>, keys: string[], rows: object[]): Statement[] {
  if (!rows.length) return [];
  const names = Object.keys(columns);
  const rest = names.filter((c) => !keys.includes(c));
  return [
    sql`INSERT INTO ${sql.table(table)} (${columnList(names)})
    SELECT ${columnList(names)} FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(${recordset(columns)})
    ON CONFLICT (${columnList(keys)}) DO UPDATE SET ${sql.raw(rest.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', '))}`,
  ];
}

function remove(table: string, idColumn: string, pairs: [string, string][]): Statement[] {
  if (!pairs.length) return [];
  return [
    sql`DELETE FROM ${sql.table(table)} WHERE (tenant_id, ${sql.ref(idColumn)}) IN
    (SELECT * FROM unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`,
  ];
}

/**
 * Sends writes as one statement, each a data-modifying WITH: a batch's dozen writes cost one
 * round trip, not a dozen. They must change different rows, since one statement's parts all
 * see the rows as they stood before it.
 */
async function writeTogether(db: Db, statements: Statement[]): Promise<void> {
  if (!statements.length) return;
  if (statements.length === 1) {
    await statements[0].execute(db);
    return;
  }
  const parts = statements.map((s, i) => sql`${sql.raw(`w${i}`)} AS (${s})`);
  await sql`WITH ${sql.join(parts)} SELECT 1`.execute(db);
}

/**
 * One batch of events, applied in memory over the state rows it concerns (read once), then
 * written with one statement per table: aggregates as `INSERT … SELECT FROM json_to_recordset …
 * ON CONFLICT DO UPDATE SET c = t.c + EXCLUDED.c`, the per-ticket and per-booking rows replaced.
 */
class Batch {
  private readonly zones = new Map<string, string>();
  private readonly zoneChanged = new Set<string>();
  private readonly departments = new Map<string, string>();
  private readonly tickets = new Map<string, TicketRow>();
  private readonly ticketsChanged = new Set<string>();
  private readonly customers = new Map<string, string>();
  private readonly newCustomers = new Map<string, { tenant_id: string; customer_id: string; first_day: string }>();
  private readonly sessions = new Map<string, Session | null>();
  private readonly sessionsChanged = new Set<string>();
  private readonly bookings = new Map<string, BookingRow>();
  private readonly bookingsChanged = new Set<string>();
  private readonly payments = new Map<string, PaymentRow | null>();
  private readonly deletedBookings: [string, string][] = [];
  private readonly deltas = new Map<AggregateName, { root: Trie; rows: Record<string, string | number>[] }>();

  constructor(private readonly db: Db) {}

  async preload(events: Rec[]): Promise<void> {
    const tenants = new Set<string>();
    const tickets: [string, string][] = [];
    const customers: [string, string][] = [];
    const counters: [string, string][] = [];
    const bookings: [string, string][] = [];
    const services: [string, string][] = [];
    for (const e of events) {
      const d = e.data as Record<string, unknown> & { business_id: string };
      const tenant = d.business_id;
      tenants.add(tenant);
      const t = d.ticket as { id: string; customer_id: string | null; service_ids: string[] } | undefined;
      if (t) {
        tickets.push([tenant, t.id]);
        if (t.customer_id) customers.push([tenant, t.customer_id]);
        if (t.service_ids[0]) services.push([tenant, t.service_ids[0]]);
      }
      if (typeof d.ticket_id === 'string') tickets.push([tenant, d.ticket_id]);
      if (typeof d.counter_id === 'string' && e.type.startsWith('Counter')) counters.push([tenant, d.counter_id]);
      if (typeof d.booking_id === 'string' && e.type.startsWith('Booking') && !e.type.startsWith('BookingPayment')) bookings.push([tenant, d.booking_id]);
    }
    const [zones, ticketRows, customerRows, sessionRows, bookingRows, deps] = await Promise.all([
      sql<{ tenant_id: string; time_zone: string }>`SELECT tenant_id, time_zone FROM statistics_zones WHERE tenant_id = ANY(${[...tenants]}::uuid[])`.execute(
        this.db,
      ),
      load<TicketRow>(this.db, 'statistics_tickets', 'ticket_id', tickets),
      load<{ tenant_id: string; customer_id: string; first_day: string }>(this.db, 'statistics_customers', 'customer_id', customers),
      load<Session>(this.db, 'statistics_counter_sessions', 'counter_id', counters),
      load<BookingRow>(this.db, 'statistics_bookings', 'booking_id', bookings),
      services.length
        ? sql<{ tenant_id: string; service_id: string; department_id: string }>`SELECT tenant_id, service_id, min(department_id::text) AS department_id
            FROM statistics_service_departments WHERE (tenant_id, service_id) IN
            (SELECT * FROM unnest(${services.map((p) => p[0])}::uuid[], ${services.map((p) => p[1])}::uuid[])) GROUP BY 1, 2`.execute(this.db)
        : Promise.resolve({ rows: [] }),
    ]);
    for (const z of zones.rows) this.zones.set(z.tenant_id, z.time_zone);
    for (const t of ticketRows) this.tickets.set(key(t.tenant_id, t.ticket_id), { ...t, arrived_at: iso(t.arrived_at) });
    for (const c of customerRows) this.customers.set(key(c.tenant_id, c.customer_id), c.first_day);
    for (const s of sessionRows) this.sessions.set(key(s.tenant_id, s.counter_id), { ...s, opened_at: iso(s.opened_at) });
    for (const b of bookingRows) this.bookings.set(key(b.tenant_id, b.booking_id), b);
    for (const d of deps.rows) this.departments.set(key(d.tenant_id, d.service_id), d.department_id);
  }

  private zone(tenant: string): string {
    return this.zones.get(tenant) ?? 'UTC';
  }

  private local(tenant: string, at: Date | string) {
    return localTime(at, this.zone(tenant));
  }

  setZone(tenant: string, zone: string): void {
    this.zones.set(tenant, zone);
    this.zoneChanged.add(tenant);
  }

  knowZone(tenant: string): void {
    if (!this.zones.has(tenant)) this.setZone(tenant, 'UTC');
  }

  private add(table: AggregateName, keys: Record<string, string | number>, adds: Record<string, number>): void {
    const also = ROLLUP[table];
    if (also) {
      const [rollup, monthly] = also;
      this.bump(rollup, keys, adds);
      this.bump(rollup, { ...keys, queue_id: NONE }, adds);
      this.bump(monthly, { ...keys, day: `${String(keys.day).slice(0, 8)}01` }, adds);
    }
    this.bump(table, keys, adds);
  }

  /**
   * Finds the row through one Map per key column: the ids are the events' own string objects,
   * whose hashes V8 keeps, where a joined key would be a new long string hashed on every call.
   */
  private bump(table: AggregateName, keys: Record<string, string | number>, adds: Record<string, number>): void {
    const [keyColumns, addColumns] = COLUMNS[table];
    let d = this.deltas.get(table);
    if (!d) this.deltas.set(table, (d = { root: new Map(), rows: [] }));
    let node = d.root;
    const last = keyColumns.length - 1;
    for (let i = 0; i < last; i++) {
      let next = node.get(keys[keyColumns[i]]) as Trie | undefined;
      if (!next) node.set(keys[keyColumns[i]], (next = new Map()));
      node = next;
    }
    let row = node.get(keys[keyColumns[last]]) as Record<string, string | number> | undefined;
    if (!row) {
      row = {};
      for (const c of keyColumns) row[c] = keys[c];
      for (const c of addColumns) row[c] = 0;
      node.set(keys[keyColumns[last]], row);
      d.rows.push(row);
    }
    for (const c in adds) row[c] = (row[c] as number) + adds[c];
  }

  private department(tenant: string, service: string | null): string {
    return service ? (this.departments.get(key(tenant, service)) ?? NONE) : NONE;
  }

  private touch(t: TicketRow): void {
    const k = key(t.tenant_id, t.ticket_id);
    this.tickets.set(k, t);
    this.ticketsChanged.add(k);
  }

  private dims(t: TicketRow, over: Partial<Record<'service_id' | 'counter_id' | 'member_id', string>> = {}) {
    return {
      queue_id: t.queue_id,
      service_id: t.service_id,
      department_id: t.department_id,
      counter_id: t.counter_id,
      member_id: t.member_id,
      ...over,
    };
  }

  arrive(e: Rec & { type: 'TicketPushed' | 'TicketRedirectedIn' }): void {
    const tenant = e.data.business_id;
    const a = e.data.ticket;
    const service = a.service_ids[0] ?? null;
    const placed = {
      queue_id: e.data.queue_id,
      service_id: orNone(service),
      department_id: this.department(tenant, service),
      member_id: orNone(a.member_id),
      counter_id: NONE,
      estimate_seconds: e.data.estimated_wait_seconds,
      waited: false,
      outcome: null,
    };
    const k = key(tenant, a.id);
    const known = this.tickets.get(k);
    // The ticket keeps its id across queues: it arrives again in the target, once per redirect.
    if (known && !(e.type === 'TicketRedirectedIn' && known.outcome === 'redirected')) return;
    this.touch(
      known
        ? { ...known, ...placed }
        : { tenant_id: tenant, ticket_id: a.id, customer_id: a.customer_id, arrived_at: a.checked_in_at, rated: false, ...placed },
    );
    const { day, hour } = this.local(tenant, e.type === 'TicketPushed' ? a.checked_in_at : e.recordedAt);
    const customers = { new_customers: 0, returning_customers: 0, walk_ins: 0 };
    if (e.type === 'TicketPushed') {
      if (!a.customer_id) customers.walk_ins = 1;
      else if (this.customers.has(key(tenant, a.customer_id))) customers.returning_customers = 1;
      else {
        customers.new_customers = 1;
        this.customers.set(key(tenant, a.customer_id), day);
        this.newCustomers.set(key(tenant, a.customer_id), { tenant_id: tenant, customer_id: a.customer_id, first_day: day });
      }
    }
    const { estimate_seconds: _e, waited: _w, outcome: _o, ...dims } = placed;
    this.add('statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { taken: 1, ...customers });
    this.add('statistics_hourly', { tenant_id: tenant, day, hour, queue_id: placed.queue_id, service_id: placed.service_id }, { taken: 1 });
  }

  restored(e: Rec & { type: 'TicketRestored' }): void {
    const t = this.tickets.get(key(e.data.business_id, e.data.ticket.id));
    if (t) this.touch({ ...t, outcome: null });
  }

  called(e: Rec & { type: 'TicketCalled' }): void {
    const tenant = e.data.business_id;
    const t = this.tickets.get(key(tenant, e.data.ticket_id));
    if (!t) return;
    this.touch({ ...t, counter_id: e.data.counter_id, member_id: e.data.member_id, waited: true });
    // A ticket called again (pushed back, recalled) waited once: its first call.
    if (t.waited) return;
    const wait = Math.max(0, Math.round(e.data.waited_seconds));
    const { day, hour, week } = this.local(tenant, e.data.at);
    const dims = this.dims(t, { counter_id: e.data.counter_id, member_id: e.data.member_id });
    this.add('statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { wait_count: 1, wait_sum: wait });
    this.add('statistics_durations_daily', { tenant_id: tenant, day, ...dims, kind: 'w', bucket: bucketOf(wait) }, { count: 1 });
    this.add('statistics_hourly', { tenant_id: tenant, day, hour, queue_id: t.queue_id, service_id: t.service_id }, { wait_count: 1, wait_sum: wait });
    if (t.estimate_seconds !== null) {
      this.add(
        'statistics_estimates_weekly',
        { tenant_id: tenant, week, queue_id: t.queue_id },
        { count: 1, abs_error_sum: Math.abs(wait - t.estimate_seconds), under_count: t.estimate_seconds < wait ? 1 : 0 },
      );
    }
  }

  left(e: Rec & { type: keyof typeof LEFT_AS }): void {
    const d = e.data as { business_id: string; ticket_id: string; counter_id: string | null; at: string; service_id?: string | null; served_seconds?: number };
    const tenant = d.business_id;
    const t = this.tickets.get(key(tenant, d.ticket_id));
    if (!t || t.outcome !== null) return;
    const outcome = LEFT_AS[e.type];
    this.touch({ ...t, outcome });
    const { day } = this.local(tenant, d.at);
    const counter = d.counter_id ?? (t.counter_id === NONE ? null : t.counter_id);
    if (e.type === 'TicketEnded') {
      const served = Math.max(0, Math.round(d.served_seconds ?? 0));
      const dims = this.dims(t, { counter_id: orNone(counter), service_id: d.service_id ?? t.service_id });
      this.add('statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { served: 1, service_count: 1, service_sum: served });
      this.add('statistics_durations_daily', { tenant_id: tenant, day, ...dims, kind: 's', bucket: bucketOf(served) }, { count: 1 });
      if (counter) {
        this.add(
          'statistics_counters_daily',
          { tenant_id: tenant, day, queue_id: t.queue_id, counter_id: counter, member_id: t.member_id },
          { serving_seconds: served, served: 1 },
        );
      }
      return;
    }
    this.add('statistics_tickets_daily', { tenant_id: tenant, day, ...this.dims(t, { counter_id: orNone(counter) }) }, { [outcome]: 1 });
  }

  counterOpened(e: Rec & { type: 'CounterOpened' }): void {
    const k = key(e.data.business_id, e.data.counter_id);
    if (this.sessions.get(k)) return;
    this.sessions.set(k, {
      tenant_id: e.data.business_id,
      counter_id: e.data.counter_id,
      queue_id: e.data.queue_id,
      member_id: e.data.member_id,
      opened_at: iso(e.recordedAt),
    });
    this.sessionsChanged.add(k);
  }

  /** A counter's open time, cut at the business's local midnights so each day gets its own part. */
  counterClosed(tenant: string, counterId: string, at: Date): void {
    const k = key(tenant, counterId);
    const s = this.sessions.get(k);
    if (!s) return;
    this.sessions.set(k, null);
    this.sessionsChanged.add(k);
    const zone = this.zone(tenant);
    let from = DateTime.fromISO(s.opened_at).setZone(zone);
    const end = DateTime.fromJSDate(at).setZone(zone);
    while (from < end) {
      const midnight = from.startOf('day').plus({ days: 1 });
      const until = midnight < end ? midnight : end;
      this.add(
        'statistics_counters_daily',
        { tenant_id: tenant, day: from.toISODate()!, queue_id: s.queue_id, counter_id: counterId, member_id: s.member_id },
        { open_seconds: Math.round(until.diff(from, 'seconds').seconds) },
      );
      from = until;
    }
  }

  feedback(e: Rec & { type: 'TicketFeedbackGiven' }): void {
    const tenant = e.data.business_id;
    const t = this.tickets.get(key(tenant, e.data.ticket_id));
    if (!t || t.rated) return;
    this.touch({ ...t, rated: true });
    const { day } = this.local(tenant, e.recordedAt);
    this.add(
      'statistics_feedback_daily',
      { tenant_id: tenant, day, queue_id: t.queue_id, service_id: t.service_id, counter_id: t.counter_id, member_id: t.member_id, stars: e.data.stars },
      { count: 1 },
    );
  }

  booking(e: Rec & { type: BookingEvent['type'] }): void {
    const tenant = e.data.business_id;
    const k = key(tenant, e.data.booking_id);
    const known = this.bookings.get(k);
    const set = (b: BookingRow) => {
      this.bookings.set(k, b);
      this.bookingsChanged.add(k);
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
      const { day } = this.local(tenant, e.recordedAt);
      this.add(
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
      for (const [pk, p] of this.payments) if (p && p.tenant_id === tenant && p.booking_id === e.data.booking_id) this.payments.set(pk, null);
      this.deletedBookings.push([tenant, e.data.booking_id]);
      return;
    }
    const outcome = BOOKING_OUTCOME[e.type];
    // A booking checked in and then completed was honoured once.
    if (!outcome || !known || known.outcome !== null) return;
    set({ ...known, outcome });
    const { day } = this.local(tenant, e.recordedAt);
    this.add(
      'statistics_bookings_daily',
      { tenant_id: tenant, day, department_id: known.department_id, member_id: known.member_id, service_id: known.service_id, channel: known.channel },
      { [outcome]: 1 },
    );
  }

  payment(e: Rec & { type: PaymentEvent['type'] }): void {
    const d = e.data;
    const k = key(d.business_id, d.payment_id);
    if (e.type === 'BookingPaymentDeleted') {
      this.payments.set(k, null);
      return;
    }
    const r = e.data as PaymentEvent['data'] & { amount: number; method: string; status: string; paid_on: string | null };
    const day = r.paid_on && /^\d{4}-\d{2}-\d{2}$/.test(r.paid_on) ? r.paid_on : this.local(d.business_id, e.recordedAt).day;
    this.payments.set(k, {
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

  async write(): Promise<void> {
    const pick = <T>(m: Map<string, T>, keys: Set<string>) => [...keys].map((k) => m.get(k)!);
    const sessions = pick(this.sessions, this.sessionsChanged);
    // Every table once, except the counter sessions, whose removed and written keys differ.
    const together: Statement[] = [
      ...upsert(
        'statistics_zones',
        { tenant_id: 'uuid', time_zone: 'text' },
        ['tenant_id'],
        [...this.zoneChanged].map((t) => ({ tenant_id: t, time_zone: this.zones.get(t) })),
      ),
      ...upsert('statistics_tickets', TICKET_COLUMNS, ['tenant_id', 'ticket_id'], pick(this.tickets, this.ticketsChanged)),
      ...upsert(
        'statistics_customers',
        { tenant_id: 'uuid', customer_id: 'uuid', first_day: 'date' },
        ['tenant_id', 'customer_id'],
        [...this.newCustomers.values()],
      ),
      ...remove(
        'statistics_counter_sessions',
        'counter_id',
        [...this.sessionsChanged].filter((k) => !this.sessions.get(k)).map((k) => k.split('/') as [string, string]),
      ),
      ...upsert('statistics_counter_sessions', SESSION_COLUMNS, ['tenant_id', 'counter_id'], sessions.filter(Boolean) as Session[]),
      ...upsert('statistics_bookings', BOOKING_COLUMNS, ['tenant_id', 'booking_id'], pick(this.bookings, this.bookingsChanged)),
      ...[...this.deltas].map(([table, rows]) => {
        const spec = AGGREGATES[table] as Aggregate;
        const columns = { ...spec.keys, ...spec.adds };
        const names = Object.keys(columns);
        return sql`INSERT INTO ${sql.table(table)} (${columnList(names)})
        SELECT ${columnList(names)} FROM json_to_recordset(${JSON.stringify(rows.rows)}::json) AS x(${recordset(columns)})
        ON CONFLICT (${columnList(Object.keys(spec.keys))}) DO UPDATE SET
        ${sql.raw(
          Object.keys(spec.adds)
            .map((c) => `"${c}" = ${table}."${c}" + EXCLUDED."${c}"`)
            .join(', '),
        )}`;
      }),
    ];
    await writeTogether(this.db, together);
    // A payment may be removed with its booking and written again in one batch: in order, apart.
    const payments = [...this.payments.entries()];
    for (const step of [
      remove('statistics_payments', 'booking_id', this.deletedBookings),
      remove(
        'statistics_payments',
        'payment_id',
        payments.filter(([, p]) => !p).map(([k]) => k.split('/') as [string, string]),
      ),
      upsert('statistics_payments', PAYMENT_COLUMNS, ['tenant_id', 'payment_id'], payments.map(([, p]) => p).filter(Boolean) as PaymentRow[]),
    ])
      await writeTogether(this.db, step);
  }
}

/** A department's services, as the projection files tickets under departments. */
async function departmentChanged(db: Db, e: Rec & { type: DepartmentEvent['type'] }): Promise<void> {
  const tenant = e.data.business_id;
  const dep = e.data.department_id;
  const services = e.type === 'DepartmentCreated' ? e.data.service_ids : e.type === 'DepartmentUpdated' ? e.data.changes.service_ids : [];
  if (services === undefined) return;
  await sql`DELETE FROM statistics_service_departments WHERE tenant_id = ${tenant} AND department_id = ${dep}`.execute(db);
  if (services.length) {
    await sql`INSERT INTO statistics_service_departments (tenant_id, department_id, service_id)
      SELECT ${tenant}::uuid, ${dep}::uuid, s FROM unnest(${services}::uuid[]) AS s ON CONFLICT DO NOTHING`.execute(db);
  }
}

async function applyRun(db: Db, events: Rec[]): Promise<void> {
  if (!events.length) return;
  const batch = new Batch(db);
  await batch.preload(events);
  for (const e of events) {
    switch (e.type) {
      case 'BusinessRegistered':
        batch.knowZone(e.data.business_id);
        break;
      case 'BusinessInformationUpdated':
        if (e.data.changes.time_zone) batch.setZone(e.data.business_id, e.data.changes.time_zone);
        break;
      case 'TicketPushed':
      case 'TicketRedirectedIn':
        batch.arrive(e);
        break;
      case 'TicketRestored':
        batch.restored(e);
        break;
      case 'TicketCalled':
        batch.called(e);
        break;
      case 'TicketEnded':
      case 'TicketMarkedNoShow':
      case 'TicketMarkedAbsent':
      case 'TicketRevoked':
      case 'TicketClosedAtDayEnd':
      case 'TicketRedirectedOut':
        batch.left(e);
        break;
      case 'CounterOpened':
        batch.counterOpened(e);
        break;
      case 'CounterClosed':
      case 'CounterDeleted':
        batch.counterClosed(e.data.business_id, e.data.counter_id, e.recordedAt);
        break;
      case 'TicketFeedbackGiven':
        batch.feedback(e);
        break;
      case 'BookingPaymentRecorded':
      case 'BookingPaymentDeleted':
        batch.payment(e);
        break;
      default:
        if (e.type.startsWith('Booking')) batch.booking(e as Rec & { type: BookingEvent['type'] });
    }
  }
  await batch.write();
}

const isDepartment = (e: Rec): e is Rec & { type: DepartmentEvent['type'] } => e.type.startsWith('Department');

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
  // A rebuild replays years of a business's days: in batches this large most of a batch's
  // events fold into the same day rows in memory, and the log is read and the rows written
  // a twentieth as often (a rebuild about three times as fast as with 1,000).
  rebuildBatchSize: 20_000,
  async apply(db, events) {
    // A department's services change which department later tickets are filed under: the
    // events before it are written first, the ones after read the new mapping.
    let run: Rec[] = [];
    for (const e of events as Rec[]) {
      if (isDepartment(e)) {
        await applyRun(db, run);
        run = [];
        await departmentChanged(db, e);
      } else run.push(e);
    }
    await applyRun(db, run);
  },
};
