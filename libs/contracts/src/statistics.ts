/**
 * Wire types of the statistics calls (`/business/statistic…`, `/business/queue/:id/counterStats`).
 * Every figure is read from the statistics projections, whose days and hours are the business's
 * local ones: a bucket is named by the local date its period starts on. Durations are seconds.
 */

/** How a series is cut: one point per local day, ISO week (from Monday), month or year. */
export const STATISTIC_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type StatisticPeriod = (typeof STATISTIC_PERIODS)[number];

/** The counter statistics' span: the current month or the current year, in the business's zone. */
export const COUNTER_STAT_PERIODS = ['month', 'year'] as const;
export type CounterStatPeriod = (typeof COUNTER_STAT_PERIODS)[number];

/** Width of a duration histogram's bucket and where the last (open) bucket starts. */
export const DURATION_BUCKET_SECONDS = 30;
export const DURATION_BUCKET_LAST = 240; // 240 × 30 s = 2 h; longer durations share the last bucket

/** The body of every POST statistics call (all optional); dates are local YYYY-MM-DD, both ends included. */
export interface StatisticFilter {
  from?: string;
  to?: string;
  queue_id?: string;
  service_id?: string;
  counter_id?: string;
  member_id?: string;
  department_id?: string;
  period?: StatisticPeriod;
  /** Service level: the share of waits at most this long (seconds; 600 when left out). */
  target_seconds?: number;
  /** Paging of the transactions list. */
  page?: number;
  per_page?: number;
}

/** The filter the figures were computed for, with the defaults filled in. */
export interface StatisticRange {
  from: string;
  to: string;
  period: StatisticPeriod;
  time_zone: string;
}

/** Mean, median and p90 of a set of durations; median and p90 from 30 s buckets (the bucket's middle). */
export interface DurationFigures {
  count: number;
  total_seconds: number;
  mean_seconds: number | null;
  median_seconds: number | null;
  p90_seconds: number | null;
}

export interface TicketCounts {
  taken: number;
  served: number;
  no_show: number;
  absent: number;
  /** Revoked by staff, the customer or the system. */
  cancelled: number;
  redirected: number;
  /** Left waiting or in service at the end of the day. */
  closed_at_day_end: number;
}

export interface BookingCounts {
  made: number;
  cancelled: number;
  /** Completed or checked in. */
  honoured: number;
  no_show: number;
  /** Made online (web, app, kiosk) versus by staff (and imports). */
  online: number;
  staff: number;
}

/** One period bucket of the overview. */
export interface StatisticPoint extends TicketCounts {
  bucket: string;
  wait: DurationFigures;
  service: DurationFigures;
  bookings: BookingCounts;
}

/** GET /statistic, POST /statistic/filter. */
export interface StatisticsOverview extends StatisticRange {
  totals: TicketCounts & { wait: DurationFigures; service: DurationFigures; bookings: BookingCounts; sms: SmsTotals };
  /** served / taken (0 when nothing was taken). */
  serve_ratio: number;
  /** (cancelled + no-show + absent) / taken. */
  drop_off: number;
  series: StatisticPoint[];
}

/** GET /statistic/home, POST /statistic/home/filter: the dashboard. */
export interface HomeStatistics extends StatisticRange {
  today: { day: string; taken: number; waiting: number; served: number; average_wait_seconds: number | null };
  /** Tickets taken per service over the range, most used first. */
  service_consumption: { service_id: string | null; name: string | null; taken: number; served: number }[];
  visit_frequency: VisitPoint[];
}

export interface VisitPoint {
  bucket: string;
  tickets: number;
  bookings: number;
}

/** POST /statistic/AvgWatingService and /statistic/averageTimes. */
export interface AverageTimes extends StatisticRange {
  wait: DurationFigures;
  service: DurationFigures;
  series: { bucket: string; wait: DurationFigures; service: DurationFigures }[];
}

/** One cell of the weekday × hour heatmap; weekday 1 = Monday … 7 = Sunday, local hour 0–23. */
export interface HeatmapCell {
  weekday: number;
  hour: number;
  tickets: number;
  average_wait_seconds: number | null;
}

/** POST /statistic/visiteFrequency. */
export interface VisitFrequency extends StatisticRange {
  series: VisitPoint[];
  heatmap: HeatmapCell[];
}

/** POST /statistic/hourPeak: tickets per local hour, and the busiest. */
export interface HourPeak extends StatisticRange {
  hours: { hour: number; tickets: number }[];
  peak_hour: number | null;
}

/** POST /statistic/heatmap. */
export interface Heatmap extends StatisticRange {
  cells: HeatmapCell[];
}

export interface ServiceFrequencyRow {
  service_id: string | null;
  name: string | null;
  taken: number;
  served: number;
  /** taken / all tickets taken over the range. */
  share: number;
}

/** POST /statistic/servicefrequency and /statistic/services. */
export interface ServiceFrequency extends StatisticRange {
  services: ServiceFrequencyRow[];
}

export interface HistogramBucket {
  /** The bucket's lower end in seconds; the last bucket is open-ended. */
  from_seconds: number;
  count: number;
}

/** POST /statistic/serviceDurations. */
export interface ServiceDurations extends StatisticRange {
  services: { service_id: string | null; name: string | null; service: DurationFigures; wait: DurationFigures; histogram: HistogramBucket[] }[];
}

export interface CounterRow {
  counter_id: string;
  name: string | null;
  queue_id: string;
  served: number;
  service: DurationFigures;
  open_seconds: number;
  serving_seconds: number;
  idle_seconds: number;
}

/** POST /statistic/serviceDurationsPerCounter, /statistic/counterPerformance, /statistic/counterServiceDuration. */
export interface CounterStatistics extends StatisticRange {
  counters: CounterRow[];
}

export interface RatingFigures {
  count: number;
  average: number | null;
  /** How many ratings of 1 to 5 stars (index 0 = one star). */
  by_stars: [number, number, number, number, number];
}

/** POST /statistic/counterFeedback. */
export interface CounterFeedback extends StatisticRange {
  overall: RatingFigures;
  counters: { counter_id: string | null; name: string | null; ratings: RatingFigures }[];
}

/** POST /statistic/customerStat. */
export interface CustomerStatistics extends StatisticRange {
  /** Registered customers' first ticket ever (new), a later one (returning), and tickets without a customer. */
  totals: { new_customers: number; returning_customers: number; walk_ins: number };
  series: { bucket: string; new_customers: number; returning_customers: number; walk_ins: number }[];
  serve_ratio: number;
  drop_off: number;
  ratings: RatingFigures;
}

export interface PaymentStatRow {
  method: string;
  status: string;
  count: number;
  amount_cents: number;
}

/** POST /statistic/bookingPaymentStat. */
export interface BookingPaymentStatistics extends StatisticRange {
  total: { count: number; amount_cents: number };
  by_method: PaymentStatRow[];
  series: { bucket: string; count: number; amount_cents: number }[];
}

export interface PaymentTransaction {
  payment_id: string;
  booking_id: string;
  day: string;
  method: string;
  status: string;
  amount_cents: number;
  recorded_at: string;
}

/** POST /statistic/bookingPaymentAllTransactions (paged, newest first). */
export interface BookingPaymentTransactions extends StatisticRange {
  data: PaymentTransaction[];
  total: number;
  page: number;
  per_page: number;
}

export interface SmsTotals {
  /** SMS recorded (sent, delivered, queued or failed; skipped ones left out). */
  count: number;
  segments: number;
  cost: number;
}

/** POST /statistic/totalSms. */
export interface SmsStatistics extends StatisticRange {
  total: SmsTotals;
  series: ({ bucket: string } & SmsTotals)[];
}

/** POST /statistic/tickets. */
export interface TicketStatistics extends StatisticRange {
  totals: TicketCounts;
  series: (TicketCounts & { bucket: string })[];
}

/** POST /statistic/bookings. */
export interface BookingStatistics extends StatisticRange {
  totals: BookingCounts;
  series: (BookingCounts & { bucket: string })[];
}

/** POST /statistic/serviceLevel: waits at most the target (counted by 30 s bucket). */
export interface ServiceLevel extends StatisticRange {
  target_seconds: number;
  waits: number;
  within_target: number;
  share: number | null;
  series: { bucket: string; waits: number; within_target: number; share: number | null }[];
}

/** POST /statistic/estimateAccuracy: the wait announced at push against the real wait, per ISO week. */
export interface EstimateAccuracy extends StatisticRange {
  weeks: { week: string; queue_id: string; count: number; mean_absolute_error_seconds: number | null; under_estimated_share: number | null }[];
}

/** Each filtered figure: `POST /business/statistic/<path>` with a StatisticFilter answers the type mapped here. */
export interface StatisticAnswers {
  filter: StatisticsOverview;
  'home/filter': HomeStatistics;
  averageTimes: AverageTimes;
  visiteFrequency: VisitFrequency;
  hourPeak: HourPeak;
  servicefrequency: ServiceFrequency;
  serviceDurations: ServiceDurations;
  counterPerformance: CounterStatistics;
  counterFeedback: CounterFeedback;
  customerStat: CustomerStatistics;
  tickets: TicketStatistics;
  bookings: BookingStatistics;
  totalSms: SmsStatistics;
  serviceLevel: ServiceLevel;
  estimateAccuracy: EstimateAccuracy;
}

/** GET /queue/:id/counterStats?period=month|year. */
export interface QueueCounterStats {
  queue_id: string;
  period: CounterStatPeriod;
  from: string;
  to: string;
  time_zone: string;
  counters: CounterRow[];
  members: { member_id: string; served: number; service: DurationFigures; open_seconds: number; serving_seconds: number; idle_seconds: number }[];
}

/** GET /team/:id/counterStats?period=month|year: a team member's counters this local month or year, across queues. */
export interface MemberCounterStats {
  member_id: string;
  period: CounterStatPeriod;
  from: string;
  to: string;
  time_zone: string;
  served: number;
  service: DurationFigures;
  counters: CounterRow[];
}

/** The default service-level target (seconds) until the business sets its own. */
export const DEFAULT_SERVICE_LEVEL_TARGET_SECONDS = 600;

/** GET and POST /statistic/settings: what the business measures its statistics against. */
export interface StatisticsSettings {
  /** A wait at most this long counts as within the service level (60 s to 4 h). */
  service_level_target_seconds: number;
}

/**
 * Reporting mail settings (docs/product.md#reporting-mails): a queue's figure watched against a value; when it crosses,
 * the chosen team member gets the setting's text once, and optionally a summary every day.
 */
export const REPORT_KPIS = ['waiting_time', 'total_waiting', 'total_counters'] as const;
export type ReportKpi = (typeof REPORT_KPIS)[number];

export const REPORT_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type ReportOperator = (typeof REPORT_OPERATORS)[number];

/** The languages a report's text is written in; the member reads theirs, else English. */
export const REPORT_LANGUAGES = ['en', 'fr', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** `{{title}}` the setting's title; `waiting_time` minutes; `total_waiting` tickets waiting; `total_counters` open counters. */
export const REPORT_PLACEHOLDERS = ['title', 'waiting_time', 'total_waiting', 'total_counters'] as const;

/** The outbox's message types of the reporting mails (staff e-mails, apart from the customers' MESSAGE_TYPES). */
export const REPORT_MESSAGE_TYPES = ['REPORT_TRIGGER', 'REPORT_DAILY_SUMMARY'] as const;
export type ReportMessageType = (typeof REPORT_MESSAGE_TYPES)[number];

export interface ReportSetting {
  id: string;
  title: string;
  queue_id: string;
  trigger_kpi: ReportKpi;
  trigger_operator: ReportOperator;
  /** Minutes for `waiting_time`, a count for the others. */
  trigger_value: number;
  /** The team member mailed. */
  member_id: string;
  /** The mail's text per language; English is required, the others fall back to it. */
  content: Record<ReportLanguage, string>;
  /** A summary of the day's figures mailed every day at `summary_time` (local HH:mm). */
  daily_summary: boolean;
  summary_time: string;
  created_at: string;
  updated_at: string;
}

/** The body of create and update: any field of the setting (update: only those changed). */
export type ReportSettingInput = Partial<Omit<ReportSetting, 'id' | 'created_at' | 'updated_at'>>;

/** What is wrong with a report's text, by code: the API words it in English, the screen in the reader's language. */
export type ReportTextProblem = { problem: 'unknown_placeholder'; name: string } | { problem: 'stray_brace' } | { problem: 'too_long'; max: number };

export const REPORT_TEXT_MAX = 4000;

/** The placeholders a text names that the reports do not know, braces outside a placeholder, and a text too long. */
export function reportTextProblems(text: string): ReportTextProblem[] {
  const out: ReportTextProblem[] = [];
  const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;
  for (const m of text.matchAll(placeholder))
    if (!(REPORT_PLACEHOLDERS as readonly string[]).includes(m[1])) out.push({ problem: 'unknown_placeholder', name: m[1] });
  if (/[{}]/.test(text.replace(placeholder, ''))) out.push({ problem: 'stray_brace' });
  if (text.length > REPORT_TEXT_MAX) out.push({ problem: 'too_long', max: REPORT_TEXT_MAX });
  return out;
}

/** Whether `value` crosses the setting's trigger. */
export function reportTriggered(operator: ReportOperator, value: number | null, threshold: number): boolean {
  if (value === null || !Number.isFinite(value)) return false;
  switch (operator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    case 'eq':
      return value === threshold;
  }
}
