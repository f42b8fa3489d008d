import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import {
  AverageTimes,
  BookingPaymentStatistics,
  BookingPaymentTransactions,
  BookingStatistics,
  CounterFeedback,
  CounterStatistics,
  CounterStatPeriod,
  CustomerStatistics,
  DURATION_BUCKET_LAST,
  DURATION_BUCKET_SECONDS,
  DurationFigures,
  EstimateAccuracy,
  Heatmap,
  HomeStatistics,
  HourPeak,
  MemberCounterStats,
  QueueCounterStats,
  ServiceDurations,
  ServiceFrequency,
  ServiceLevel,
  SmsStatistics,
  StatisticFilter,
  StatisticsOverview,
  TicketStatistics,
  VisitFrequency,
} from '@tabour/contracts';
import { memberOf } from '@tabour/organisation';
import { queueExists, waitingCount } from '@tabour/queues';
import { Db, notFound } from '@tabour/platform';
import { fromNone, NONE, ratio } from '@tabour/statistics';
import { DB } from '../common/tokens';
import { cells, counterRows, namesOf, visits as visitSeries } from './breakdowns';
import { checkScope, currentScope } from './scope';
import {
  allHist,
  bookingSums,
  bucket,
  buckets,
  COUNTER_DIMS,
  countsOf,
  emptyBookings,
  FEEDBACK_DIMS,
  figures,
  histograms,
  HOURLY_DIMS,
  num,
  ratings,
  range,
  type Scope,
  type TicketSumRow,
  smsSums,
  sumBookings,
  sumSms,
  ticketSums,
  total,
  where,
} from './sums';
import { BusinessCalendar } from '../organisation/calendar';

export type { Scope } from './sums';

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
    return checkScope(this.db, await this.zone(tenant), tenant, f);
  }

  /** The current local month or year, in the business's zone, as a scope. */
  private async current(tenant: string, period: CounterStatPeriod, dims: Scope['dims']): Promise<Scope> {
    return currentScope(await this.zone(tenant), tenant, period, dims);
  }

  async overview(s: Scope): Promise<StatisticsOverview> {
    const [tickets, hist, bookings, sms] = await Promise.all([ticketSums(this.db, s), histograms(this.db, s), bookingSums(this.db, s), smsSums(this.db, s)]);
    const series = buckets(s).map((bucket) => ({
      bucket,
      ...countsOf(tickets.get(bucket)),
      ...figures(tickets.get(bucket), hist.get(bucket)),
      bookings: bookings.get(bucket) ?? emptyBookings(),
    }));
    const t = total(tickets.values());
    const counts = countsOf(t);
    return {
      ...range(s),
      totals: { ...counts, ...figures(t, allHist(hist)), bookings: sumBookings(bookings), sms: sumSms(sms) },
      serve_ratio: ratio(counts.served, counts.taken),
      drop_off: ratio(counts.cancelled + counts.no_show + counts.absent, counts.taken),
      series,
    };
  }

  async tickets(s: Scope): Promise<TicketStatistics> {
    const tickets = await ticketSums(this.db, s);
    return {
      ...range(s),
      totals: countsOf(total(tickets.values())),
      series: buckets(s).map((bucket) => ({ bucket, ...countsOf(tickets.get(bucket)) })),
    };
  }

  async bookings(s: Scope): Promise<BookingStatistics> {
    const b = await bookingSums(this.db, s);
    return { ...range(s), totals: sumBookings(b), series: buckets(s).map((bucket) => ({ bucket, ...(b.get(bucket) ?? emptyBookings()) })) };
  }

  async sms(s: Scope): Promise<SmsStatistics> {
    const m = await smsSums(this.db, s);
    return {
      ...range(s),
      total: sumSms(m),
      series: buckets(s).map((bucket) => ({ bucket, ...(m.get(bucket) ?? { count: 0, segments: 0, cost: 0 }) })),
    };
  }

  async home(s: Scope): Promise<HomeStatistics> {
    const today = DateTime.now().setZone(s.time_zone).toISODate()!;
    const day: Scope = { ...s, from: today, to: today };
    const [todays, waiting, services, visits] = await Promise.all([
      ticketSums(this.db, day),
      waitingCount(this.db, s.tenant, s.dims.queue_id),
      this.serviceFrequency(s),
      visitSeries(this.db, s),
    ]);
    const t = total(todays.values());
    return {
      ...range(s),
      today: {
        day: today,
        taken: num(t.taken),
        waiting,
        served: num(t.served),
        average_wait_seconds: num(t.wait_count) ? Math.round(num(t.wait_sum) / num(t.wait_count)) : null,
      },
      service_consumption: services.services.map(({ service_id, name, taken, served }) => ({ service_id, name, taken, served })),
      visit_frequency: visits,
    };
  }

  async averageTimes(s: Scope): Promise<AverageTimes> {
    const [t, h] = await Promise.all([ticketSums(this.db, s), histograms(this.db, s)]);
    return {
      ...range(s),
      ...figures(total(t.values()), allHist(h)),
      series: buckets(s).map((bucket) => ({ bucket, ...figures(t.get(bucket), h.get(bucket)) })),
    };
  }

  async heatmap(s: Scope): Promise<Heatmap> {
    return { ...range(s), cells: await cells(this.db, s) };
  }

  async visitFrequency(s: Scope): Promise<VisitFrequency> {
    const [series, heatmap] = await Promise.all([visitSeries(this.db, s), cells(this.db, s)]);
    return { ...range(s), series, heatmap };
  }

  async hourPeak(s: Scope): Promise<HourPeak> {
    const r = await sql<{ hour: number; tickets: number }>`
      SELECT hour::int AS hour, sum(taken)::int AS tickets FROM statistics_hourly WHERE ${where(s, HOURLY_DIMS)} GROUP BY 1`.execute(this.db);
    const by = new Map(r.rows.map((row) => [row.hour, row.tickets]));
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, tickets: by.get(hour) ?? 0 }));
    const peak = hours.reduce((a, b) => (b.tickets > a.tickets ? b : a), hours[0]);
    return { ...range(s), hours, peak_hour: peak.tickets ? peak.hour : null };
  }

  async serviceFrequency(s: Scope): Promise<ServiceFrequency> {
    const t = await ticketSums(this.db, s, sql`service_id`);
    const all = [...t.values()].reduce((a, r) => a + r.taken, 0);
    const names = await namesOf(this.db, 'services', s.tenant, [...t.keys()]);
    const services = [...t.values()]
      .map((r) => ({ service_id: fromNone(r.bucket), name: names.get(r.bucket) ?? null, taken: r.taken, served: r.served, share: ratio(r.taken, all) }))
      .sort((a, b) => b.taken - a.taken || (a.service_id ?? '').localeCompare(b.service_id ?? ''));
    return { ...range(s), services };
  }

  async serviceDurations(s: Scope): Promise<ServiceDurations> {
    const [t, h] = await Promise.all([ticketSums(this.db, s, sql`service_id`), histograms(this.db, s, sql`service_id`)]);
    const names = await namesOf(this.db, 'services', s.tenant, [...t.keys()]);
    const services = [...t.values()]
      .filter((r) => r.wait_count || r.service_count)
      .map((r) => {
        const hist = h.get(r.bucket)?.s ?? new Map<number, number>();
        return {
          service_id: fromNone(r.bucket),
          name: names.get(r.bucket) ?? null,
          ...figures(r, h.get(r.bucket)),
          histogram: [...hist.entries()].sort((a, b) => a[0] - b[0]).map(([b, count]) => ({ from_seconds: b * DURATION_BUCKET_SECONDS, count })),
        };
      })
      .sort((a, b) => (a.service_id ?? '').localeCompare(b.service_id ?? ''));
    return { ...range(s), services };
  }

  async counters(s: Scope): Promise<CounterStatistics> {
    return { ...range(s), counters: await counterRows(this.db, s) };
  }

  async counterFeedback(s: Scope): Promise<CounterFeedback> {
    const r = await sql<{ counter_id: string; stars: number; count: number }>`
      SELECT counter_id, stars::int AS stars, sum(count)::int AS count FROM statistics_feedback_daily WHERE ${where(s, FEEDBACK_DIMS)}
      GROUP BY 1, 2`.execute(this.db);
    const ids = [...new Set(r.rows.map((row) => row.counter_id))].sort();
    const names = await namesOf(this.db, 'queue_counters', s.tenant, ids);
    return {
      ...range(s),
      overall: ratings(r.rows),
      counters: ids.map((id) => ({ counter_id: fromNone(id), name: names.get(id) ?? null, ratings: ratings(r.rows.filter((row) => row.counter_id === id)) })),
    };
  }

  async customers(s: Scope): Promise<CustomerStatistics> {
    const [t, f] = await Promise.all([
      ticketSums(this.db, s),
      sql<{ stars: number; count: number }>`SELECT stars::int AS stars, sum(count)::int AS count FROM statistics_feedback_daily
        WHERE ${where(s, FEEDBACK_DIMS)} GROUP BY 1`.execute(this.db),
    ]);
    const tot = total(t.values());
    const c = countsOf(tot);
    const pick = (r: Partial<TicketSumRow> | undefined) => ({
      new_customers: num(r?.new_customers),
      returning_customers: num(r?.returning_customers),
      walk_ins: num(r?.walk_ins),
    });
    return {
      ...range(s),
      totals: pick(tot),
      series: buckets(s).map((bucket) => ({ bucket, ...pick(t.get(bucket)) })),
      serve_ratio: ratio(c.served, c.taken),
      drop_off: ratio(c.cancelled + c.no_show + c.absent, c.taken),
      ratings: ratings(f.rows),
    };
  }

  async serviceLevel(s: Scope): Promise<ServiceLevel> {
    const h = await histograms(this.db, s);
    // A bucket counts as within the target when all of it is (its upper end at most the target).
    const within = (m: Map<number, number>) =>
      [...m.entries()].filter(([b]) => b < DURATION_BUCKET_LAST && (b + 1) * DURATION_BUCKET_SECONDS <= s.target_seconds).reduce((a, [, n]) => a + n, 0);
    const all = (m: Map<number, number>) => [...m.values()].reduce((a, n) => a + n, 0);
    const series = buckets(s).map((bucket) => {
      const w = h.get(bucket)?.w ?? new Map<number, number>();
      const waits = all(w);
      const ok = within(w);
      return { bucket, waits, within_target: ok, share: waits ? ratio(ok, waits) : null };
    });
    const waits = series.reduce((a, p) => a + p.waits, 0);
    const ok = series.reduce((a, p) => a + p.within_target, 0);
    return { ...range(s), target_seconds: s.target_seconds, waits, within_target: ok, share: waits ? ratio(ok, waits) : null, series };
  }

  async estimateAccuracy(s: Scope): Promise<EstimateAccuracy> {
    const r = await sql<{ week: string; queue_id: string; count: number; err: number; under: number }>`
      SELECT week::text AS week, queue_id, sum(count)::int AS count, sum(abs_error_sum)::float8 AS err, sum(under_count)::int AS under
      FROM statistics_estimates_weekly
      WHERE tenant_id = ${s.tenant} AND week BETWEEN date_trunc('week', ${s.from}::date::timestamp)::date AND ${s.to}::date
        ${s.dims.queue_id ? sql`AND queue_id = ${s.dims.queue_id}` : sql``}
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(this.db);
    return {
      ...range(s),
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
        WHERE ${where(s, [])} GROUP BY 1, 2 ORDER BY 1, 2`.execute(this.db),
      sql<{ bucket: string; count: number; amount_cents: number }>`
        SELECT ${bucket(s)} AS bucket, count(*)::int AS count, sum(amount_cents)::float8 AS amount_cents FROM statistics_payments
        WHERE ${where(s, [])} GROUP BY 1`.execute(this.db),
    ]);
    const m = new Map(series.rows.map((r) => [r.bucket, r]));
    return {
      ...range(s),
      total: { count: by.rows.reduce((a, r) => a + r.count, 0), amount_cents: by.rows.reduce((a, r) => a + r.amount_cents, 0) },
      by_method: by.rows,
      series: buckets(s).map((bucket) => ({ bucket, count: m.get(bucket)?.count ?? 0, amount_cents: m.get(bucket)?.amount_cents ?? 0 })),
    };
  }

  async transactions(s: Scope, page = 1, perPage = 50): Promise<BookingPaymentTransactions> {
    const [rows, total] = await Promise.all([
      sql<{ payment_id: string; booking_id: string; day: string; method: string; status: string; amount_cents: number; recorded_at: Date }>`
        SELECT payment_id, booking_id, day::text AS day, method, status, amount_cents::float8 AS amount_cents, recorded_at FROM statistics_payments
        WHERE ${where(s, [])} ORDER BY day DESC, recorded_at DESC, payment_id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(this.db),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM statistics_payments WHERE ${where(s, [])}`.execute(this.db),
    ]);
    return {
      ...range(s),
      data: rows.rows.map((r) => ({ ...r, recorded_at: new Date(r.recorded_at).toISOString() })),
      total: total.rows[0]?.n ?? 0,
      page,
      per_page: perPage,
    };
  }

  /** A team member's counters, across queues, over the current local month or year. */
  async memberCounterStats(tenant: string, memberId: string, period: CounterStatPeriod): Promise<MemberCounterStats> {
    if (!(await memberOf(this.db, tenant, memberId))) throw notFound();
    const s = await this.current(tenant, period, { member_id: memberId });
    const [counters, t, h] = await Promise.all([counterRows(this.db, s), ticketSums(this.db, s, sql`member_id`), histograms(this.db, s, sql`member_id`)]);
    return {
      member_id: memberId,
      period,
      from: s.from,
      to: s.to,
      time_zone: s.time_zone,
      served: num(t.get(memberId)?.served),
      service: figures(t.get(memberId), h.get(memberId)).service,
      counters,
    };
  }

  /** A queue's counters and members over the current local month or year. */
  async queueCounterStats(tenant: string, queueId: string, period: CounterStatPeriod): Promise<QueueCounterStats> {
    if (!(await queueExists(this.db, tenant, queueId))) throw notFound();
    const s = await this.current(tenant, period, { queue_id: queueId });
    const [counters, t, h, c] = await Promise.all([
      counterRows(this.db, s),
      ticketSums(this.db, s, sql`member_id`),
      histograms(this.db, s, sql`member_id`),
      sql<{ member_id: string; open_seconds: number; serving_seconds: number }>`
        SELECT member_id, sum(open_seconds)::float8 AS open_seconds, sum(serving_seconds)::float8 AS serving_seconds
        FROM statistics_counters_daily WHERE ${where(s, COUNTER_DIMS)} GROUP BY 1`.execute(this.db),
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
          service: figures(t.get(id), h.get(id)).service as DurationFigures,
          open_seconds: open,
          serving_seconds: serving,
          idle_seconds: Math.max(0, open - serving),
        };
      })
      .filter((m) => m.served || m.open_seconds);
    return { queue_id: queueId, period, from: s.from, to: s.to, time_zone: s.time_zone, counters, members };
  }
}
