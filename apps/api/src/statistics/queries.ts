import { Inject, Injectable } from '@nestjs/common';
import { RawBuilder, sql } from 'kysely';
import { DateTime } from 'luxon';
import {
  AverageTimes,
  BookingCounts,
  BookingPaymentStatistics,
  BookingPaymentTransactions,
  BookingStatistics,
  CounterFeedback,
  CounterRow,
  CounterStatistics,
  CounterStatPeriod,
  CustomerStatistics,
  DURATION_BUCKET_LAST,
  DURATION_BUCKET_SECONDS,
  DurationFigures,
  EstimateAccuracy,
  Heatmap,
  HeatmapCell,
  HomeStatistics,
  HourPeak,
  MemberCounterStats,
  QueueCounterStats,
  RatingFigures,
  ServiceDurations,
  ServiceFrequency,
  ServiceLevel,
  SmsStatistics,
  SmsTotals,
  StatisticFilter,
  StatisticPeriod,
  StatisticRange,
  StatisticsOverview,
  TicketCounts,
  TicketStatistics,
  VisitFrequency,
  VisitPoint,
} from '@tabour/contracts';
import { Db, invalid, notFound } from '@tabour/platform';
import { bucketsBetween, durationFigures, fromNone, NONE, ratio } from '@tabour/statistics';
import { DB } from '../common/tokens';
import { BusinessCalendar } from '../organisation/calendar';

type Dim = 'queue_id' | 'service_id' | 'counter_id' | 'member_id' | 'department_id';
const DIMS: readonly Dim[] = ['queue_id', 'service_id', 'counter_id', 'member_id', 'department_id'];
const TICKET_DIMS = DIMS;
const HOURLY_DIMS: readonly Dim[] = ['queue_id', 'service_id'];
const BOOKING_DIMS: readonly Dim[] = ['department_id', 'member_id', 'service_id'];
const FEEDBACK_DIMS: readonly Dim[] = ['queue_id', 'service_id', 'counter_id', 'member_id'];
const COUNTER_DIMS: readonly Dim[] = ['queue_id', 'counter_id', 'member_id'];

/** What a call's figures are computed for: the business, local days, dimensions and period. */
export interface Scope extends StatisticRange {
  tenant: string;
  dims: Partial<Record<Dim, string>>;
  target_seconds: number;
}

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366 * 5;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UNIT: Record<StatisticPeriod, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };
const ONLINE_CHANNELS = ['online', 'kiosk'];

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const TICKET_SUMS = ['taken', 'served', 'no_show', 'absent', 'cancelled', 'redirected', 'closed_at_day_end'] as const;

interface TicketSumRow {
  bucket: string;
  taken: number;
  served: number;
  no_show: number;
  absent: number;
  cancelled: number;
  redirected: number;
  closed_at_day_end: number;
  wait_count: number;
  wait_sum: number;
  service_count: number;
  service_sum: number;
  new_customers: number;
  returning_customers: number;
  walk_ins: number;
}

type Histograms = Map<string, { w: Map<number, number>; s: Map<number, number> }>;

const emptyCounts = (): TicketCounts => ({ taken: 0, served: 0, no_show: 0, absent: 0, cancelled: 0, redirected: 0, closed_at_day_end: 0 });
const emptyBookings = (): BookingCounts => ({ made: 0, cancelled: 0, honoured: 0, no_show: 0, online: 0, staff: 0 });
const countsOf = (r: Partial<TicketSumRow> | undefined): TicketCounts => {
  const out = emptyCounts();
  for (const k of TICKET_SUMS) out[k] = num(r?.[k]);
  return out;
};

function mergeHist(into: Map<number, number>, from: Map<number, number> | undefined) {
  for (const [k, v] of from ?? []) into.set(k, (into.get(k) ?? 0) + v);
  return into;
}

function ratings(rows: { stars: number; count: number }[]): RatingFigures {
  const by: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const r of rows) by[r.stars - 1] += num(r.count);
  const count = by.reduce((a, b) => a + b, 0);
  const sum = by.reduce((a, b, i) => a + b * (i + 1), 0);
  return { count, average: count ? Math.round((sum / count) * 100) / 100 : null, by_stars: by };
}

/**
 * Reads of the statistics tables, each filtered by the caller's business and the local days of
 * the range; series have a point for every period bucket of the range, empty ones included.
 */
@Injectable()
export class StatisticsQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly calendar: BusinessCalendar,
  ) {}

  private zone(tenant: string): Promise<string> {
    return this.calendar.zone(tenant);
  }

  /** Checks the filter (422 with field errors; another business's id 404) and fills in its defaults. */
  async scope(tenant: string, f: StatisticFilter = {}): Promise<Scope> {
    const zone = await this.zone(tenant);
    const today = DateTime.now().setZone(zone).toISODate()!;
    const errors: Record<string, string[]> = {};
    const date = (field: 'from' | 'to', v: string | undefined) => {
      if (v === undefined) return undefined;
      if (!DATE.test(v) || !DateTime.fromISO(v).isValid) errors[field] = ['Enter dates as YYYY-MM-DD'];
      return v;
    };
    const to = date('to', f.to) ?? today;
    const from =
      date('from', f.from) ??
      DateTime.fromISO(to)
        .minus({ days: DEFAULT_DAYS - 1 })
        .toISODate() ??
      to;
    if (!errors.from && !errors.to) {
      const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
      if (days < 0) errors.to = ['The end must not be before the start'];
      else if (days > MAX_DAYS) errors.to = ['Choose at most five years'];
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw invalid(first, errors, 'validation_failed');
    const dims: Partial<Record<Dim, string>> = {};
    for (const d of DIMS) if (f[d]) dims[d] = f[d]!.toLowerCase();
    await this.ownIds(tenant, dims);
    return { tenant, from, to, period: f.period ?? 'daily', time_zone: zone, dims, target_seconds: f.target_seconds ?? 600 };
  }

  private async ownIds(tenant: string, dims: Partial<Record<Dim, string>>): Promise<void> {
    const table: Record<Dim, string> = {
      queue_id: 'queues',
      service_id: 'services',
      counter_id: 'queue_counters',
      member_id: 'team_members',
      department_id: 'departments',
    };
    for (const d of DIMS) {
      const id = dims[d];
      if (!id) continue;
      const found = await sql`SELECT 1 FROM ${sql.table(table[d])} WHERE tenant_id = ${tenant} AND id = ${id}`.execute(this.db);
      if (!found.rows.length) throw notFound();
    }
  }

  private range(s: Scope): StatisticRange {
    return { from: s.from, to: s.to, period: s.period, time_zone: s.time_zone };
  }

  private where(s: Scope, dims: readonly Dim[], dayCol = 'day'): RawBuilder<unknown> {
    const parts = [sql`tenant_id = ${s.tenant}`, sql`${sql.ref(dayCol)} BETWEEN ${s.from}::date AND ${s.to}::date`];
    for (const d of dims) if (s.dims[d]) parts.push(sql`${sql.ref(d)} = ${s.dims[d]}`);
    return sql.join(parts, sql` AND `);
  }

  private bucket(s: Scope, col = 'day'): RawBuilder<string> {
    return sql<string>`date_trunc(${UNIT[s.period]}, ${sql.ref(col)}::timestamp)::date::text`;
  }

  private buckets(s: Scope): string[] {
    return bucketsBetween(s.from, s.to, s.period);
  }

  /**
   * Where sums by period come from: the per-queue and whole-business rollup when no dimension
   * but the queue is asked for (a year is then 365 rows), else the detailed table.
   */
  private source(
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
        by: this.bucket(s),
      };
    }
    if (!by) return { from: sql`${sql.table(detailed)} WHERE ${this.where(s, TICKET_DIMS)}`, by: this.bucket(s) };
    // A breakdown (by counter, service, member) has no series: whole months come from the
    // monthly sums, the days before the first and after the last from the daily ones.
    const first = DateTime.fromISO(s.from).startOf('month');
    const months = { from: (first.toISODate() === s.from ? first : first.plus({ months: 1 })).toISODate()!, to: '' };
    const end = DateTime.fromISO(s.to);
    const lastFull = end.endOf('month').toISODate() === s.to ? end.startOf('month') : end.startOf('month').minus({ months: 1 });
    months.to = lastFull.toISODate()!;
    if (months.from > months.to) return { from: sql`${sql.table(detailed)} WHERE ${this.where(s, TICKET_DIMS)}`, by };
    const parts = [sql`SELECT * FROM ${sql.table(monthly)} WHERE ${this.where({ ...s, from: months.from, to: months.to }, TICKET_DIMS)}`];
    const before = DateTime.fromISO(months.from).minus({ days: 1 }).toISODate()!;
    const after = lastFull.endOf('month').plus({ days: 1 }).toISODate()!;
    if (s.from <= before) parts.push(sql`SELECT * FROM ${sql.table(detailed)} WHERE ${this.where({ ...s, to: before }, TICKET_DIMS)}`);
    if (after <= s.to) parts.push(sql`SELECT * FROM ${sql.table(detailed)} WHERE ${this.where({ ...s, from: after }, TICKET_DIMS)}`);
    return { from: sql`(${sql.join(parts, sql` UNION ALL `)}) AS x`, by };
  }

  // A breakdown groups by its column itself, written as text after: hashing a uuid is cheaper
  // than first turning every row's into text (a month by counter groups 25,000 histogram rows).
  // A period's bucket is an expression with a parameter, which GROUP BY can only name by place.
  private async ticketSums(s: Scope, group?: RawBuilder<unknown>): Promise<Map<string, TicketSumRow>> {
    const { from, by } = this.source(s, 'statistics_tickets_daily', 'statistics_tickets_rollup', 'statistics_tickets_monthly', group);
    const r = await sql<TicketSumRow>`
      SELECT (${by})::text AS bucket, sum(taken)::int AS taken, sum(served)::int AS served, sum(no_show)::int AS no_show, sum(absent)::int AS absent,
        sum(cancelled)::int AS cancelled, sum(redirected)::int AS redirected, sum(closed_at_day_end)::int AS closed_at_day_end,
        sum(wait_count)::int AS wait_count, sum(wait_sum)::float8 AS wait_sum, sum(service_count)::int AS service_count,
        sum(service_sum)::float8 AS service_sum, sum(new_customers)::int AS new_customers,
        sum(returning_customers)::int AS returning_customers, sum(walk_ins)::int AS walk_ins
      FROM ${from} GROUP BY ${group ?? sql`1`}`.execute(this.db);
    return new Map(r.rows.map((row) => [row.bucket, row]));
  }

  private async histograms(s: Scope, group?: RawBuilder<unknown>): Promise<Histograms> {
    const { from, by } = this.source(s, 'statistics_durations_daily', 'statistics_durations_rollup', 'statistics_durations_monthly', group);
    const r = await sql<{ bucket: string; kind: 'w' | 's'; b: number; count: number }>`
      SELECT (${by})::text AS bucket, kind, bucket AS b, sum(count)::int AS count
      FROM ${from} GROUP BY ${group ?? sql`1`}, kind, bucket`.execute(this.db);
    const out: Histograms = new Map();
    for (const row of r.rows) {
      const h = out.get(row.bucket) ?? { w: new Map(), s: new Map() };
      h[row.kind].set(row.b, row.count);
      out.set(row.bucket, h);
    }
    return out;
  }

  private figures(t: Partial<TicketSumRow> | undefined, h: { w: Map<number, number>; s: Map<number, number> } | undefined) {
    return {
      wait: durationFigures(num(t?.wait_count), num(t?.wait_sum), h?.w ?? new Map()),
      service: durationFigures(num(t?.service_count), num(t?.service_sum), h?.s ?? new Map()),
    };
  }

  private total<T extends object>(rows: Iterable<T>): Partial<T> {
    const out: Record<string, number> = {};
    for (const r of rows) for (const [k, v] of Object.entries(r)) if (k !== 'bucket') out[k] = (out[k] ?? 0) + num(v);
    return out as Partial<T>;
  }

  private allHist(h: Histograms) {
    const all = { w: new Map<number, number>(), s: new Map<number, number>() };
    for (const v of h.values()) {
      mergeHist(all.w, v.w);
      mergeHist(all.s, v.s);
    }
    return all;
  }

  private async bookingSums(s: Scope): Promise<Map<string, BookingCounts>> {
    const r = await sql<{ bucket: string; online: boolean; made: number; cancelled: number; honoured: number; no_show: number }>`
      SELECT ${this.bucket(s)} AS bucket, channel = ANY(${ONLINE_CHANNELS}) AS online, sum(made)::int AS made, sum(cancelled)::int AS cancelled,
        sum(honoured)::int AS honoured, sum(no_show)::int AS no_show
      FROM statistics_bookings_daily WHERE ${this.where(s, BOOKING_DIMS)} GROUP BY 1, 2`.execute(this.db);
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

  private sumBookings(m: Map<string, BookingCounts>): BookingCounts {
    const t = emptyBookings();
    for (const b of m.values()) for (const k of Object.keys(t) as (keyof BookingCounts)[]) t[k] += b[k];
    return t;
  }

  /** Instants of the range's local days, for tables kept by instant (the SMS ledger). */
  private instants(s: Scope): [Date, Date] {
    const start = DateTime.fromISO(s.from, { zone: s.time_zone }).startOf('day');
    const end = DateTime.fromISO(s.to, { zone: s.time_zone }).plus({ days: 1 }).startOf('day');
    return [start.toJSDate(), end.toJSDate()];
  }

  private async smsSums(s: Scope): Promise<Map<string, SmsTotals>> {
    const [start, end] = this.instants(s);
    const r = await sql<{ bucket: string } & SmsTotals>`
      SELECT date_trunc(${UNIT[s.period]}, created_at AT TIME ZONE ${s.time_zone})::date::text AS bucket, count(*)::int AS count,
        coalesce(sum(segments), 0)::int AS segments, coalesce(sum(cost), 0)::float8 AS cost
      FROM notification_messages
      WHERE tenant_id = ${s.tenant} AND channel = 'sms' AND status <> 'skipped' AND created_at >= ${start} AND created_at < ${end}
      GROUP BY 1`.execute(this.db);
    return new Map(r.rows.map(({ bucket, ...t }) => [bucket, t]));
  }

  private sumSms(m: Map<string, SmsTotals>): SmsTotals {
    const t = { count: 0, segments: 0, cost: 0 };
    for (const v of m.values()) {
      t.count += v.count;
      t.segments += v.segments;
      t.cost = Math.round((t.cost + v.cost) * 10000) / 10000;
    }
    return t;
  }

  async overview(s: Scope): Promise<StatisticsOverview> {
    const [tickets, hist, bookings, sms] = await Promise.all([this.ticketSums(s), this.histograms(s), this.bookingSums(s), this.smsSums(s)]);
    const series = this.buckets(s).map((bucket) => ({
      bucket,
      ...countsOf(tickets.get(bucket)),
      ...this.figures(tickets.get(bucket), hist.get(bucket)),
      bookings: bookings.get(bucket) ?? emptyBookings(),
    }));
    const t = this.total(tickets.values());
    const counts = countsOf(t);
    return {
      ...this.range(s),
      totals: { ...counts, ...this.figures(t, this.allHist(hist)), bookings: this.sumBookings(bookings), sms: this.sumSms(sms) },
      serve_ratio: ratio(counts.served, counts.taken),
      drop_off: ratio(counts.cancelled + counts.no_show + counts.absent, counts.taken),
      series,
    };
  }

  async tickets(s: Scope): Promise<TicketStatistics> {
    const tickets = await this.ticketSums(s);
    return {
      ...this.range(s),
      totals: countsOf(this.total(tickets.values())),
      series: this.buckets(s).map((bucket) => ({ bucket, ...countsOf(tickets.get(bucket)) })),
    };
  }

  async bookings(s: Scope): Promise<BookingStatistics> {
    const b = await this.bookingSums(s);
    return { ...this.range(s), totals: this.sumBookings(b), series: this.buckets(s).map((bucket) => ({ bucket, ...(b.get(bucket) ?? emptyBookings()) })) };
  }

  async sms(s: Scope): Promise<SmsStatistics> {
    const m = await this.smsSums(s);
    return {
      ...this.range(s),
      total: this.sumSms(m),
      series: this.buckets(s).map((bucket) => ({ bucket, ...(m.get(bucket) ?? { count: 0, segments: 0, cost: 0 }) })),
    };
  }

  private async visits(s: Scope): Promise<VisitPoint[]> {
    const [t, b] = await Promise.all([this.ticketSums(s), this.bookingSums(s)]);
    return this.buckets(s).map((bucket) => ({ bucket, tickets: num(t.get(bucket)?.taken), bookings: b.get(bucket)?.made ?? 0 }));
  }

  async home(s: Scope): Promise<HomeStatistics> {
    const today = DateTime.now().setZone(s.time_zone).toISODate()!;
    const day: Scope = { ...s, from: today, to: today };
    const [todays, waiting, services, visits] = await Promise.all([
      this.ticketSums(day),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM queue_tickets
        WHERE tenant_id = ${s.tenant} AND status = 'waiting' ${s.dims.queue_id ? sql`AND queue_id = ${s.dims.queue_id}` : sql``}`.execute(this.db),
      this.serviceFrequency(s),
      this.visits(s),
    ]);
    const t = this.total(todays.values());
    return {
      ...this.range(s),
      today: {
        day: today,
        taken: num(t.taken),
        waiting: waiting.rows[0]?.n ?? 0,
        served: num(t.served),
        average_wait_seconds: num(t.wait_count) ? Math.round(num(t.wait_sum) / num(t.wait_count)) : null,
      },
      service_consumption: services.services.map(({ service_id, name, taken, served }) => ({ service_id, name, taken, served })),
      visit_frequency: visits,
    };
  }

  async averageTimes(s: Scope): Promise<AverageTimes> {
    const [t, h] = await Promise.all([this.ticketSums(s), this.histograms(s)]);
    return {
      ...this.range(s),
      ...this.figures(this.total(t.values()), this.allHist(h)),
      series: this.buckets(s).map((bucket) => ({ bucket, ...this.figures(t.get(bucket), h.get(bucket)) })),
    };
  }

  private async cells(s: Scope): Promise<HeatmapCell[]> {
    const r = await sql<{ weekday: number; hour: number; tickets: number; wait_count: number; wait_sum: number }>`
      SELECT extract(isodow FROM day)::int AS weekday, hour::int AS hour, sum(taken)::int AS tickets, sum(wait_count)::int AS wait_count,
        sum(wait_sum)::float8 AS wait_sum
      FROM statistics_hourly WHERE ${this.where(s, HOURLY_DIMS)} GROUP BY 1, 2`.execute(this.db);
    const byKey = new Map(r.rows.map((row) => [`${row.weekday}:${row.hour}`, row]));
    const out: HeatmapCell[] = [];
    for (let weekday = 1; weekday <= 7; weekday++)
      for (let hour = 0; hour < 24; hour++) {
        const c = byKey.get(`${weekday}:${hour}`);
        out.push({ weekday, hour, tickets: c?.tickets ?? 0, average_wait_seconds: c?.wait_count ? Math.round(c.wait_sum / c.wait_count) : null });
      }
    return out;
  }

  async heatmap(s: Scope): Promise<Heatmap> {
    return { ...this.range(s), cells: await this.cells(s) };
  }

  async visitFrequency(s: Scope): Promise<VisitFrequency> {
    const [series, heatmap] = await Promise.all([this.visits(s), this.cells(s)]);
    return { ...this.range(s), series, heatmap };
  }

  async hourPeak(s: Scope): Promise<HourPeak> {
    const r = await sql<{ hour: number; tickets: number }>`
      SELECT hour::int AS hour, sum(taken)::int AS tickets FROM statistics_hourly WHERE ${this.where(s, HOURLY_DIMS)} GROUP BY 1`.execute(this.db);
    const by = new Map(r.rows.map((row) => [row.hour, row.tickets]));
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, tickets: by.get(hour) ?? 0 }));
    const peak = hours.reduce((a, b) => (b.tickets > a.tickets ? b : a), hours[0]);
    return { ...this.range(s), hours, peak_hour: peak.tickets ? peak.hour : null };
  }

  private async names(table: 'services' | 'queue_counters', tenant: string, ids: string[]): Promise<Map<string, string>> {
    const real = ids.filter((id) => id !== NONE);
    if (!real.length) return new Map();
    const r = await sql<{
      id: string;
      name: string;
    }>`SELECT id, name FROM ${sql.table(table)} WHERE tenant_id = ${tenant} AND id = ANY(${real}::uuid[])`.execute(this.db);
    return new Map(r.rows.map((row) => [row.id, row.name]));
  }

  async serviceFrequency(s: Scope): Promise<ServiceFrequency> {
    const t = await this.ticketSums(s, sql`service_id`);
    const all = [...t.values()].reduce((a, r) => a + r.taken, 0);
    const names = await this.names('services', s.tenant, [...t.keys()]);
    const services = [...t.values()]
      .map((r) => ({ service_id: fromNone(r.bucket), name: names.get(r.bucket) ?? null, taken: r.taken, served: r.served, share: ratio(r.taken, all) }))
      .sort((a, b) => b.taken - a.taken || (a.service_id ?? '').localeCompare(b.service_id ?? ''));
    return { ...this.range(s), services };
  }

  async serviceDurations(s: Scope): Promise<ServiceDurations> {
    const [t, h] = await Promise.all([this.ticketSums(s, sql`service_id`), this.histograms(s, sql`service_id`)]);
    const names = await this.names('services', s.tenant, [...t.keys()]);
    const services = [...t.values()]
      .filter((r) => r.wait_count || r.service_count)
      .map((r) => {
        const hist = h.get(r.bucket)?.s ?? new Map<number, number>();
        return {
          service_id: fromNone(r.bucket),
          name: names.get(r.bucket) ?? null,
          ...this.figures(r, h.get(r.bucket)),
          histogram: [...hist.entries()].sort((a, b) => a[0] - b[0]).map(([b, count]) => ({ from_seconds: b * DURATION_BUCKET_SECONDS, count })),
        };
      })
      .sort((a, b) => (a.service_id ?? '').localeCompare(b.service_id ?? ''));
    return { ...this.range(s), services };
  }

  private async counterRows(s: Scope): Promise<CounterRow[]> {
    const [t, h, c] = await Promise.all([
      this.ticketSums(s, sql`counter_id`),
      this.histograms(s, sql`counter_id`),
      sql<{ counter_id: string; queue_id: string; open_seconds: number; serving_seconds: number; served: number }>`
        SELECT counter_id, min(queue_id::text) AS queue_id, sum(open_seconds)::float8 AS open_seconds, sum(serving_seconds)::float8 AS serving_seconds,
          sum(served)::int AS served
        FROM statistics_counters_daily WHERE ${this.where(s, COUNTER_DIMS)} GROUP BY 1`.execute(this.db),
    ]);
    const time = new Map(c.rows.map((r) => [r.counter_id, r]));
    const ids = [...new Set([...[...t.keys()].filter((k) => k !== NONE), ...time.keys()])].sort();
    const names = await this.names('queue_counters', s.tenant, ids);
    const queues = await sql<{
      id: string;
      queue_id: string;
    }>`SELECT id, queue_id FROM queue_counters WHERE tenant_id = ${s.tenant} AND id = ANY(${ids}::uuid[])`.execute(this.db);
    const queueOf = new Map(queues.rows.map((r) => [r.id, r.queue_id]));
    return ids
      .map((id) => {
        const tt = t.get(id);
        const ct = time.get(id);
        const open = num(ct?.open_seconds);
        const serving = num(ct?.serving_seconds);
        return {
          counter_id: id,
          name: names.get(id) ?? null,
          queue_id: queueOf.get(id) ?? ct?.queue_id ?? '',
          served: num(tt?.served),
          service: this.figures(tt, h.get(id)).service,
          open_seconds: open,
          serving_seconds: serving,
          idle_seconds: Math.max(0, open - serving),
        };
      })
      .filter((r) => r.served || time.has(r.counter_id));
  }

  async counters(s: Scope): Promise<CounterStatistics> {
    return { ...this.range(s), counters: await this.counterRows(s) };
  }

  async counterFeedback(s: Scope): Promise<CounterFeedback> {
    const r = await sql<{ counter_id: string; stars: number; count: number }>`
      SELECT counter_id, stars::int AS stars, sum(count)::int AS count FROM statistics_feedback_daily WHERE ${this.where(s, FEEDBACK_DIMS)}
      GROUP BY 1, 2`.execute(this.db);
    const ids = [...new Set(r.rows.map((row) => row.counter_id))].sort();
    const names = await this.names('queue_counters', s.tenant, ids);
    return {
      ...this.range(s),
      overall: ratings(r.rows),
      counters: ids.map((id) => ({ counter_id: fromNone(id), name: names.get(id) ?? null, ratings: ratings(r.rows.filter((row) => row.counter_id === id)) })),
    };
  }

  async customers(s: Scope): Promise<CustomerStatistics> {
    const [t, f] = await Promise.all([
      this.ticketSums(s),
      sql<{ stars: number; count: number }>`SELECT stars::int AS stars, sum(count)::int AS count FROM statistics_feedback_daily
        WHERE ${this.where(s, FEEDBACK_DIMS)} GROUP BY 1`.execute(this.db),
    ]);
    const tot = this.total(t.values());
    const c = countsOf(tot);
    const pick = (r: Partial<TicketSumRow> | undefined) => ({
      new_customers: num(r?.new_customers),
      returning_customers: num(r?.returning_customers),
      walk_ins: num(r?.walk_ins),
    });
    return {
      ...this.range(s),
      totals: pick(tot),
      series: this.buckets(s).map((bucket) => ({ bucket, ...pick(t.get(bucket)) })),
      serve_ratio: ratio(c.served, c.taken),
      drop_off: ratio(c.cancelled + c.no_show + c.absent, c.taken),
      ratings: ratings(f.rows),
    };
  }

  async serviceLevel(s: Scope): Promise<ServiceLevel> {
    const h = await this.histograms(s);
    // A bucket counts as within the target when all of it is (its upper end at most the target).
    const within = (m: Map<number, number>) =>
      [...m.entries()].filter(([b]) => b < DURATION_BUCKET_LAST && (b + 1) * DURATION_BUCKET_SECONDS <= s.target_seconds).reduce((a, [, n]) => a + n, 0);
    const all = (m: Map<number, number>) => [...m.values()].reduce((a, n) => a + n, 0);
    const series = this.buckets(s).map((bucket) => {
      const w = h.get(bucket)?.w ?? new Map<number, number>();
      const waits = all(w);
      const ok = within(w);
      return { bucket, waits, within_target: ok, share: waits ? ratio(ok, waits) : null };
    });
    const waits = series.reduce((a, p) => a + p.waits, 0);
    const ok = series.reduce((a, p) => a + p.within_target, 0);
    return { ...this.range(s), target_seconds: s.target_seconds, waits, within_target: ok, share: waits ? ratio(ok, waits) : null, series };
  }

  async estimateAccuracy(s: Scope): Promise<EstimateAccuracy> {
    const r = await sql<{ week: string; queue_id: string; count: number; err: number; under: number }>`
      SELECT week::text AS week, queue_id, sum(count)::int AS count, sum(abs_error_sum)::float8 AS err, sum(under_count)::int AS under
      FROM statistics_estimates_weekly
      WHERE tenant_id = ${s.tenant} AND week BETWEEN date_trunc('week', ${s.from}::date::timestamp)::date AND ${s.to}::date
        ${s.dims.queue_id ? sql`AND queue_id = ${s.dims.queue_id}` : sql``}
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(this.db);
    return {
      ...this.range(s),
      weeks: r.rows.map((row) => ({
        week: row.week,
        queue_id: row.queue_id,
        count: row.count,
        mean_absolute_error_seconds: row.count ? Math.round(row.err / row.count) : null,
        under_estimated_share: row.count ? ratio(row.under, row.count) : null,
      })),
    };
  }

  async paymentStat(s: Scope): Promise<BookingPaymentStatistics> {
    const [by, series] = await Promise.all([
      sql<{ method: string; status: string; count: number; amount_cents: number }>`
        SELECT method, status, count(*)::int AS count, sum(amount_cents)::float8 AS amount_cents FROM statistics_payments
        WHERE ${this.where(s, [])} GROUP BY 1, 2 ORDER BY 1, 2`.execute(this.db),
      sql<{ bucket: string; count: number; amount_cents: number }>`
        SELECT ${this.bucket(s)} AS bucket, count(*)::int AS count, sum(amount_cents)::float8 AS amount_cents FROM statistics_payments
        WHERE ${this.where(s, [])} GROUP BY 1`.execute(this.db),
    ]);
    const m = new Map(series.rows.map((r) => [r.bucket, r]));
    return {
      ...this.range(s),
      total: { count: by.rows.reduce((a, r) => a + r.count, 0), amount_cents: by.rows.reduce((a, r) => a + r.amount_cents, 0) },
      by_method: by.rows,
      series: this.buckets(s).map((bucket) => ({ bucket, count: m.get(bucket)?.count ?? 0, amount_cents: m.get(bucket)?.amount_cents ?? 0 })),
    };
  }

  async transactions(s: Scope, page = 1, perPage = 50): Promise<BookingPaymentTransactions> {
    const [rows, total] = await Promise.all([
      sql<{ payment_id: string; booking_id: string; day: string; method: string; status: string; amount_cents: number; recorded_at: Date }>`
        SELECT payment_id, booking_id, day::text AS day, method, status, amount_cents::float8 AS amount_cents, recorded_at FROM statistics_payments
        WHERE ${this.where(s, [])} ORDER BY day DESC, recorded_at DESC, payment_id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(this.db),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM statistics_payments WHERE ${this.where(s, [])}`.execute(this.db),
    ]);
    return {
      ...this.range(s),
      data: rows.rows.map((r) => ({ ...r, recorded_at: new Date(r.recorded_at).toISOString() })),
      total: total.rows[0]?.n ?? 0,
      page,
      per_page: perPage,
    };
  }

  /** The current local month or year, in the business's zone, as a scope. */
  private async current(tenant: string, period: CounterStatPeriod, dims: Scope['dims']): Promise<Scope> {
    const zone = await this.zone(tenant);
    const now = DateTime.now().setZone(zone);
    return {
      tenant,
      from: now.startOf(period).toISODate()!,
      to: now.endOf(period).toISODate()!,
      period: period === 'month' ? 'monthly' : 'yearly',
      time_zone: zone,
      dims,
      target_seconds: 600,
    };
  }

  /** A team member's counters, across queues, over the current local month or year. */
  async memberCounterStats(tenant: string, memberId: string, period: CounterStatPeriod): Promise<MemberCounterStats> {
    const found = await sql`SELECT 1 FROM team_members WHERE tenant_id = ${tenant} AND id = ${memberId}`.execute(this.db);
    if (!found.rows.length) throw notFound();
    const s = await this.current(tenant, period, { member_id: memberId });
    const [counters, t, h] = await Promise.all([this.counterRows(s), this.ticketSums(s, sql`member_id`), this.histograms(s, sql`member_id`)]);
    return {
      member_id: memberId,
      period,
      from: s.from,
      to: s.to,
      time_zone: s.time_zone,
      served: num(t.get(memberId)?.served),
      service: this.figures(t.get(memberId), h.get(memberId)).service,
      counters,
    };
  }

  /** A queue's counters and members over the current local month or year. */
  async queueCounterStats(tenant: string, queueId: string, period: CounterStatPeriod): Promise<QueueCounterStats> {
    const found = await sql`SELECT 1 FROM queues WHERE tenant_id = ${tenant} AND id = ${queueId}`.execute(this.db);
    if (!found.rows.length) throw notFound();
    const s = await this.current(tenant, period, { queue_id: queueId });
    const [counters, t, h, c] = await Promise.all([
      this.counterRows(s),
      this.ticketSums(s, sql`member_id`),
      this.histograms(s, sql`member_id`),
      sql<{ member_id: string; open_seconds: number; serving_seconds: number }>`
        SELECT member_id, sum(open_seconds)::float8 AS open_seconds, sum(serving_seconds)::float8 AS serving_seconds
        FROM statistics_counters_daily WHERE ${this.where(s, COUNTER_DIMS)} GROUP BY 1`.execute(this.db),
    ]);
    const time = new Map(c.rows.map((r) => [r.member_id, r]));
    const ids = [...new Set([...t.keys(), ...time.keys()])].filter((id) => id !== NONE).sort();
    const members = ids
      .map((id) => {
        const open = num(time.get(id)?.open_seconds);
        const serving = num(time.get(id)?.serving_seconds);
        return {
          member_id: id,
          served: num(t.get(id)?.served),
          service: this.figures(t.get(id), h.get(id)).service as DurationFigures,
          open_seconds: open,
          serving_seconds: serving,
          idle_seconds: Math.max(0, open - serving),
        };
      })
      .filter((m) => m.served || m.open_seconds);
    return { queue_id: queueId, period, from: s.from, to: s.to, time_zone: s.time_zone, counters, members };
  }
}
