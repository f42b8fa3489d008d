import { RawBuilder, sql } from 'kysely';
import { DateTime } from 'luxon';
import type { BookingCounts, RatingFigures, SmsTotals, StatisticPeriod, StatisticRange, TicketCounts } from '@tabour/contracts';
import type { Db } from '@tabour/platform';
import { bucketsBetween, durationFigures, NONE } from '@tabour/statistics';

/**
 * The statistics reads' parts (docs/statistics.md): a checked scope, its filters and period
 * buckets in SQL, and the sums of the tickets, durations, bookings and SMS over it, which the
 * queries (queries.ts) shape into their answers.
 */

export type Dim = 'queue_id' | 'service_id' | 'counter_id' | 'member_id' | 'department_id';
export const DIMS: readonly Dim[] = ['queue_id', 'service_id', 'counter_id', 'member_id', 'department_id'];
export const TICKET_DIMS = DIMS;
export const HOURLY_DIMS: readonly Dim[] = ['queue_id', 'service_id'];
export const BOOKING_DIMS: readonly Dim[] = ['department_id', 'member_id', 'service_id'];
export const FEEDBACK_DIMS: readonly Dim[] = ['queue_id', 'service_id', 'counter_id', 'member_id'];
export const COUNTER_DIMS: readonly Dim[] = ['queue_id', 'counter_id', 'member_id'];

/** What a call's figures are computed for: the business, local days, dimensions and period. */
export interface Scope extends StatisticRange {
  tenant: string;
  dims: Partial<Record<Dim, string>>;
  target_seconds: number;
}

export const UNIT: Record<StatisticPeriod, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };
export const ONLINE_CHANNELS = ['online', 'kiosk'];

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const TICKET_SUMS = ['taken', 'served', 'no_show', 'absent', 'cancelled', 'redirected', 'closed_at_day_end'] as const;

export interface TicketSumRow extends TicketCounts {
  bucket: string;
  wait_count: number;
  wait_sum: number;
  service_count: number;
  service_sum: number;
  new_customers: number;
  returning_customers: number;
  walk_ins: number;
}

export type Histograms = Map<string, { w: Map<number, number>; s: Map<number, number> }>;

export const emptyCounts = (): TicketCounts => ({ taken: 0, served: 0, no_show: 0, absent: 0, cancelled: 0, redirected: 0, closed_at_day_end: 0 });
export const emptyBookings = (): BookingCounts => ({ made: 0, cancelled: 0, honoured: 0, no_show: 0, online: 0, staff: 0 });
export const countsOf = (r: Partial<TicketSumRow> | undefined): TicketCounts => {
  const out = emptyCounts();
  for (const k of TICKET_SUMS) out[k] = num(r?.[k]);
  return out;
};

export function mergeHist(into: Map<number, number>, from: Map<number, number> | undefined) {
  for (const [k, v] of from ?? []) into.set(k, (into.get(k) ?? 0) + v);
  return into;
}

export function ratings(rows: { stars: number; count: number }[]): RatingFigures {
  const by: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const r of rows) by[r.stars - 1] += num(r.count);
  const count = by.reduce((a, b) => a + b, 0);
  const sum = by.reduce((a, b, i) => a + b * (i + 1), 0);
  return { count, average: count ? Math.round((sum / count) * 100) / 100 : null, by_stars: by };
}

export function range(s: Scope): StatisticRange {
  return { from: s.from, to: s.to, period: s.period, time_zone: s.time_zone };
}

export function where(s: Scope, dims: readonly Dim[], dayCol = 'day'): RawBuilder<unknown> {
  const parts = [sql`tenant_id = ${s.tenant}`, sql`${sql.ref(dayCol)} BETWEEN ${s.from}::date AND ${s.to}::date`];
  for (const d of dims) if (s.dims[d]) parts.push(sql`${sql.ref(d)} = ${s.dims[d]}`);
  return sql.join(parts, sql` AND `);
}

export function bucket(s: Scope, col = 'day'): RawBuilder<string> {
  return sql<string>`date_trunc(${UNIT[s.period]}, ${sql.ref(col)}::timestamp)::date::text`;
}

export function buckets(s: Scope): string[] {
  return bucketsBetween(s.from, s.to, s.period);
}

/**
 * Where sums by period come from: the per-queue and whole-business rollup when no dimension
 * but the queue is asked for (a year is then 365 rows), else the detailed table.
 */
export function source(
  s: Scope,
  detailed: string,
  rollup: string,
  monthly: string,
  by?: RawBuilder<unknown>,
): { from: RawBuilder<unknown>; by: RawBuilder<unknown> } {
  const onlyQueue = Object.keys(s.dims).every((d) => d === 'queue_id');
  if (!by && onlyQueue) {
    return {
      from: sql`${sql.table(rollup)} WHERE tenant_id = ${s.tenant} AND queue_id = ${s.dims.queue_id ?? NONE} AND day BETWEEN ${s.from}::date AND ${s.to}::date`,
      by: bucket(s),
    };
  }
  if (!by) return { from: sql`${sql.table(detailed)} WHERE ${where(s, TICKET_DIMS)}`, by: bucket(s) };
  // A breakdown (by counter, service, member) has no series: whole months come from the
  // monthly sums, the days before the first and after the last from the daily ones.
  const first = DateTime.fromISO(s.from).startOf('month');
  const months = { from: (first.toISODate() === s.from ? first : first.plus({ months: 1 })).toISODate()!, to: '' };
  const end = DateTime.fromISO(s.to);
  const lastFull = end.endOf('month').toISODate() === s.to ? end.startOf('month') : end.startOf('month').minus({ months: 1 });
  months.to = lastFull.toISODate()!;
  if (months.from > months.to) return { from: sql`${sql.table(detailed)} WHERE ${where(s, TICKET_DIMS)}`, by };
  const parts = [sql`SELECT * FROM ${sql.table(monthly)} WHERE ${where({ ...s, from: months.from, to: months.to }, TICKET_DIMS)}`];
  const before = DateTime.fromISO(months.from).minus({ days: 1 }).toISODate()!;
  const after = lastFull.endOf('month').plus({ days: 1 }).toISODate()!;
  if (s.from <= before) parts.push(sql`SELECT * FROM ${sql.table(detailed)} WHERE ${where({ ...s, to: before }, TICKET_DIMS)}`);
  if (after <= s.to) parts.push(sql`SELECT * FROM ${sql.table(detailed)} WHERE ${where({ ...s, from: after }, TICKET_DIMS)}`);
  return { from: sql`(${sql.join(parts, sql` UNION ALL `)}) AS x`, by };
}

// A breakdown groups by its column itself, written as text after: hashing a uuid is cheaper
// than first turning every row's into text (a month by counter groups 25,000 histogram rows).
// A period's bucket is an expression with a parameter, which GROUP BY can only name by place.
export async function ticketSums(db: Db, s: Scope, group?: RawBuilder<unknown>): Promise<Map<string, TicketSumRow>> {
  const { from, by } = source(s, 'statistics_tickets_daily', 'statistics_tickets_rollup', 'statistics_tickets_monthly', group);
  const r = await sql<TicketSumRow>`
    SELECT (${by})::text AS bucket, sum(taken)::int AS taken, sum(served)::int AS served, sum(no_show)::int AS no_show, sum(absent)::int AS absent,
      sum(cancelled)::int AS cancelled, sum(redirected)::int AS redirected, sum(closed_at_day_end)::int AS closed_at_day_end,
      sum(wait_count)::int AS wait_count, sum(wait_sum)::float8 AS wait_sum, sum(service_count)::int AS service_count,
      sum(service_sum)::float8 AS service_sum, sum(new_customers)::int AS new_customers,
      sum(returning_customers)::int AS returning_customers, sum(walk_ins)::int AS walk_ins
    FROM ${from} GROUP BY ${group ?? sql`1`}`.execute(db);
  return new Map(r.rows.map((row) => [row.bucket, row]));
}

export async function histograms(db: Db, s: Scope, group?: RawBuilder<unknown>): Promise<Histograms> {
  const { from, by } = source(s, 'statistics_durations_daily', 'statistics_durations_rollup', 'statistics_durations_monthly', group);
  const r = await sql<{ bucket: string; kind: 'w' | 's'; b: number; count: number }>`
    SELECT (${by})::text AS bucket, kind, bucket AS b, sum(count)::int AS count
    FROM ${from} GROUP BY ${group ?? sql`1`}, kind, bucket`.execute(db);
  const out: Histograms = new Map();
  for (const row of r.rows) {
    const h = out.get(row.bucket) ?? { w: new Map(), s: new Map() };
    h[row.kind].set(row.b, row.count);
    out.set(row.bucket, h);
  }
  return out;
}

export function figures(t: Partial<TicketSumRow> | undefined, h: { w: Map<number, number>; s: Map<number, number> } | undefined) {
  return {
    wait: durationFigures(num(t?.wait_count), num(t?.wait_sum), h?.w ?? new Map()),
    service: durationFigures(num(t?.service_count), num(t?.service_sum), h?.s ?? new Map()),
  };
}

export function total<T extends object>(rows: Iterable<T>): Partial<T> {
  const out: Record<string, number> = {};
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (k !== 'bucket') out[k] = (out[k] ?? 0) + num(v);
  return out as Partial<T>;
}

export function allHist(h: Histograms) {
  const all = { w: new Map<number, number>(), s: new Map<number, number>() };
  for (const v of h.values()) {
    mergeHist(all.w, v.w);
    mergeHist(all.s, v.s);
  }
  return all;
}

export async function bookingSums(db: Db, s: Scope): Promise<Map<string, BookingCounts>> {
  const r = await sql<{ bucket: string; online: boolean; made: number; cancelled: number; honoured: number; no_show: number }>`
    SELECT ${bucket(s)} AS bucket, channel = ANY(${ONLINE_CHANNELS}) AS online, sum(made)::int AS made, sum(cancelled)::int AS cancelled,
      sum(honoured)::int AS honoured, sum(no_show)::int AS no_show
    FROM statistics_bookings_daily WHERE ${where(s, BOOKING_DIMS)} GROUP BY 1, 2`.execute(db);
  const out = new Map<string, BookingCounts>();
  for (const row of r.rows) {
    const b = out.get(row.bucket) ?? emptyBookings();
    b.made += row.made;
    b.cancelled += row.cancelled;
    b.honoured += row.honoured;
    b.no_show += row.no_show;
    if (row.online) b.online += row.made;
    else b.staff += row.made;
    out.set(row.bucket, b);
  }
  return out;
}

export function sumBookings(m: Map<string, BookingCounts>): BookingCounts {
  const t = emptyBookings();
  for (const b of m.values()) for (const k of Object.keys(t) as (keyof BookingCounts)[]) t[k] += b[k];
  return t;
}

/** Instants of the range's local days, for tables kept by instant (the SMS ledger). */
export function instants(s: Scope): [Date, Date] {
  const start = DateTime.fromISO(s.from, { zone: s.time_zone }).startOf('day');
  const end = DateTime.fromISO(s.to, { zone: s.time_zone }).plus({ days: 1 }).startOf('day');
  return [start.toJSDate(), end.toJSDate()];
}

export async function smsSums(db: Db, s: Scope): Promise<Map<string, SmsTotals>> {
  const [start, end] = instants(s);
  const r = await sql<{ bucket: string } & SmsTotals>`
    SELECT date_trunc(${UNIT[s.period]}, created_at AT TIME ZONE ${s.time_zone})::date::text AS bucket, count(*)::int AS count,
      coalesce(sum(segments), 0)::int AS segments, coalesce(sum(cost), 0)::float8 AS cost
    FROM notification_messages
    WHERE tenant_id = ${s.tenant} AND channel = 'sms' AND status <> 'skipped' AND created_at >= ${start} AND created_at < ${end}
    GROUP BY 1`.execute(db);
  return new Map(r.rows.map(({ bucket, ...t }) => [bucket, t]));
}

export function sumSms(m: Map<string, SmsTotals>): SmsTotals {
  const t = { count: 0, segments: 0, cost: 0 };
  for (const v of m.values()) {
    t.count += v.count;
    t.segments += v.segments;
    t.cost = Math.round((t.cost + v.cost) * 10000) / 10000;
  }
  return t;
}
