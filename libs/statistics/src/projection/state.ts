import { sql } from 'kysely';
import { localTime, NONE } from '../figures';
import {
  type AggregateName,
  BOOKING_COLUMNS,
  type BookingRow,
  type Db,
  PAYMENT_COLUMNS,
  type PaymentRow,
  type Rec,
  SESSION_COLUMNS,
  type Session,
  TICKET_COLUMNS,
  type TicketRow,
} from './schema';
import { Deltas } from './deltas';
import { iso, key, load, remove, type Statement, upsert, writeTogether } from './sql';

/**
 * One batch of events, applied in memory over the state rows it concerns (read once by
 * `preload`), then written by `write` with one statement per table: the aggregates through
 * `Deltas`, the per-ticket, per-session, per-booking and per-payment rows replaced. The folds
 * of the events are in tickets.ts, counters.ts and bookings.ts.
 */
export class BatchState {
  readonly zones = new Map<string, string>();
  readonly zoneChanged = new Set<string>();
  readonly departments = new Map<string, string>();
  readonly tickets = new Map<string, TicketRow>();
  readonly ticketsChanged = new Set<string>();
  readonly customers = new Map<string, string>();
  readonly newCustomers = new Map<string, { tenant_id: string; customer_id: string; first_day: string }>();
  readonly sessions = new Map<string, Session | null>();
  readonly sessionsChanged = new Set<string>();
  readonly bookings = new Map<string, BookingRow>();
  readonly bookingsChanged = new Set<string>();
  readonly payments = new Map<string, PaymentRow | null>();
  readonly deletedBookings: [string, string][] = [];
  private readonly deltas = new Deltas();

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

  zone(tenant: string): string {
    return this.zones.get(tenant) ?? 'UTC';
  }

  local(tenant: string, at: Date | string) {
    return localTime(at, this.zone(tenant));
  }

  setZone(tenant: string, zone: string): void {
    this.zones.set(tenant, zone);
    this.zoneChanged.add(tenant);
  }

  knowZone(tenant: string): void {
    if (!this.zones.has(tenant)) this.setZone(tenant, 'UTC');
  }

  add(table: AggregateName, keys: Record<string, string | number>, adds: Record<string, number>): void {
    this.deltas.add(table, keys, adds);
  }

  department(tenant: string, service: string | null): string {
    return service ? (this.departments.get(key(tenant, service)) ?? NONE) : NONE;
  }

  touch(t: TicketRow): void {
    const k = key(t.tenant_id, t.ticket_id);
    this.tickets.set(k, t);
    this.ticketsChanged.add(k);
  }

  dims(t: TicketRow, over: Partial<Record<'service_id' | 'counter_id' | 'member_id', string>> = {}) {
    return {
      queue_id: t.queue_id,
      service_id: t.service_id,
      department_id: t.department_id,
      counter_id: t.counter_id,
      member_id: t.member_id,
      ...over,
    };
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
      ...this.deltas.statements(),
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
