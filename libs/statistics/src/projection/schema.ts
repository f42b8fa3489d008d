import type { PaymentTransaction } from '@tabour/contracts';
import type { ProjectionDb, RecordOf } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { BookingEvent, PaymentEvent } from '@tabour/bookings';
import type { BusinessEvent, BusinessRegisteredEvent, DepartmentEvent } from '@tabour/organisation';
import type { FeedbackEvent, QueueEvent } from '@tabour/queues';

/** The statistics projection's events, tables and rows: what the batch folds and writes. */
export type Db = ProjectionDb<Database>;
export type StatisticsEvent = QueueEvent | FeedbackEvent | BookingEvent | PaymentEvent | BusinessEvent | BusinessRegisteredEvent | DepartmentEvent;
export type Rec = RecordOf<StatisticsEvent>;

export const LEFT_AS: Record<string, string> = {
  TicketEnded: 'served',
  TicketMarkedNoShow: 'no_show',
  TicketMarkedAbsent: 'absent',
  TicketRevoked: 'cancelled',
  TicketClosedAtDayEnd: 'closed_at_day_end',
  TicketRedirectedOut: 'redirected',
};

export const BOOKING_OUTCOME: Record<string, 'cancelled' | 'honoured' | 'no_show'> = {
  BookingCancelled: 'cancelled',
  BookingMarkedNoShow: 'no_show',
  BookingCompleted: 'honoured',
  BookingCheckedIn: 'honoured',
};

/** An aggregate table: its key columns and the counters added to, with their SQL types. */
export interface Aggregate {
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
export const AGGREGATES = {
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
export type AggregateName = keyof typeof AGGREGATES;

/** Each aggregate's key and counter columns, listed once. */
export const COLUMNS = Object.fromEntries(
  Object.entries(AGGREGATES).map(([table, spec]: [string, Aggregate]) => [table, [Object.keys(spec.keys), Object.keys(spec.adds)]]),
) as Record<AggregateName, [string[], string[]]>;

/** The detailed tables whose sums are also kept per queue and for the whole business. */
export const ROLLUP: Partial<Record<AggregateName, [AggregateName, AggregateName]>> = {
  statistics_tickets_daily: ['statistics_tickets_rollup', 'statistics_tickets_monthly'],
  statistics_durations_daily: ['statistics_durations_rollup', 'statistics_durations_monthly'],
};

export interface TicketRow {
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
export interface Session {
  tenant_id: string;
  counter_id: string;
  queue_id: string;
  member_id: string;
  opened_at: string;
}
export interface BookingRow {
  tenant_id: string;
  booking_id: string;
  department_id: string;
  member_id: string;
  service_id: string;
  channel: string;
  outcome: string | null;
}
/** A payment as the transactions list answers it (the contract's), kept per business. */
export interface PaymentRow extends PaymentTransaction {
  tenant_id: string;
}

export const TICKET_COLUMNS: Record<keyof TicketRow, string> = {
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
export const BOOKING_COLUMNS: Record<keyof BookingRow, string> = {
  tenant_id: 'uuid',
  booking_id: 'uuid',
  department_id: 'uuid',
  member_id: 'uuid',
  service_id: 'uuid',
  channel: 'text',
  outcome: 'text',
};
export const PAYMENT_COLUMNS: Record<keyof PaymentRow, string> = {
  tenant_id: 'uuid',
  payment_id: 'uuid',
  booking_id: 'uuid',
  day: 'date',
  method: 'text',
  status: 'text',
  amount_cents: 'bigint',
  recorded_at: 'timestamptz',
};
export const SESSION_COLUMNS: Record<keyof Session, string> = {
  tenant_id: 'uuid',
  counter_id: 'uuid',
  queue_id: 'uuid',
  member_id: 'uuid',
  opened_at: 'timestamptz',
};
