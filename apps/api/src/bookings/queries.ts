import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Booking, BookingChannel, BookingSettings, BookingStatus, ServerInstant } from '@tabour/contracts';
import { BOOKING_SETTINGS_DEFAULTS, type BookingFields } from '@tabour/bookings';
import { customerCards, customerNamedLike, customerNameSql } from '@tabour/customers';
import { Db, invalid, notFound } from '@tabour/platform';
import { likePattern } from '../common/like';
import { selectPage } from '../common/paged-select';
import type { PageRequest, Paged } from '../common/paging';
import { DB } from '../common/tokens';
import { BusinessDirectory } from '../organisation/calendar';

/** The statuses of a booking that is over: the archive lists them with the past. */
const CLOSED: BookingStatus[] = ['completed', 'no_show', 'cancelled'];
/** The calendar's longest read: a few months of days. */
const MAX_RANGE_DAYS = 400;

export interface BookingFilter {
  from?: string;
  to?: string;
  department_id?: string;
  member_id?: string;
  customer_id?: string;
  status?: string;
  q?: string;
}

export const CUSTOMER_NAME = customerNameSql('customers');

/**
 * The answer to a create, from the event it appended: the book's row holds exactly what the
 * event says (bookingsProjection), written in the append's transaction, so reading the row back
 * after the commit would be a round trip for what is already known. `customerName` is the
 * customer's as read for the decision.
 */
export function createdBooking(
  d: BookingFields & { booking_id: string; status: BookingStatus },
  recordedAt: Date,
  customerName: string | null,
): Booking<ServerInstant> {
  return toBooking({
    ...d,
    id: d.booking_id,
    resource_ids: [...(d.resource_ids ?? [])].sort(),
    customer_name: customerName,
    local_date: d.date,
    starts_at: new Date(d.starts_at),
    ends_at: new Date(d.ends_at),
    ticket_id: null,
    cancel_reason: null,
    created_at: recordedAt,
    updated_at: recordedAt,
  });
}

function toBooking(r: Record<string, unknown>): Booking<ServerInstant> {
  const d = r.local_date as Date | string;
  return {
    id: r.id as string,
    customer_id: r.customer_id as string | null,
    customer_name: (r.customer_name as string | null) ?? null,
    department_id: r.department_id as string,
    queue_id: r.queue_id as string | null,
    counter_ids: r.counter_ids as string[],
    service_ids: r.service_ids as string[],
    member_id: r.member_id as string | null,
    duration: r.duration as number,
    starts_at: r.starts_at as Date,
    ends_at: r.ends_at as Date,
    date: typeof d === 'string' ? d : DateTime.fromJSDate(d).toISODate()!,
    slot: r.slot as string,
    additional_data: r.additional_data as Booking['additional_data'],
    remarks: r.remarks as string | null,
    is_online: r.is_online as boolean,
    channel: r.channel as BookingChannel,
    sync_booking_with_graph: r.sync_booking_with_graph as boolean,
    location: r.location as Booking['location'],
    phone_number: r.phone_number as string | null,
    attachments: r.attachments as Booking['attachments'],
    resource_ids: (r.resource_ids as string[] | undefined) ?? [],
    status: r.status as BookingStatus,
    ticket_id: r.ticket_id as string | null,
    cancel_reason: r.cancel_reason as string | null,
    created_at: r.created_at as Date,
    updated_at: r.updated_at as Date,
  };
}

/** The resources a booking holds, in id order, as a JSON list. */
export const RESOURCE_IDS = sql<string[]>`coalesce((SELECT json_agg(r.resource_id ORDER BY r.resource_id) FROM booking_resources r
  WHERE r.tenant_id = bookings.tenant_id AND r.booking_id = bookings.id), '[]'::json)`;

/** An instant as `Date.prototype.toJSON` writes it (UTC, milliseconds, `Z`), so both reads agree to the character. */
const isoInstant = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** `toBooking`'s answer, written by PostgreSQL (key for key, in its order). */
const BOOKING_JSON = sql`json_build_object(
  'id', bookings.id, 'customer_id', bookings.customer_id, 'customer_name', ${CUSTOMER_NAME},
  'department_id', bookings.department_id, 'queue_id', bookings.queue_id, 'counter_ids', bookings.counter_ids,
  'service_ids', bookings.service_ids, 'member_id', bookings.member_id, 'duration', bookings.duration,
  'starts_at', ${isoInstant('bookings.starts_at')}, 'ends_at', ${isoInstant('bookings.ends_at')},
  'date', to_char(bookings.local_date, 'YYYY-MM-DD'), 'slot', bookings.slot, 'additional_data', bookings.additional_data,
  'remarks', bookings.remarks, 'is_online', bookings.is_online, 'channel', bookings.channel,
  'sync_booking_with_graph', bookings.sync_booking_with_graph, 'location', bookings.location,
  'phone_number', bookings.phone_number, 'attachments', bookings.attachments, 'resource_ids', ${RESOURCE_IDS}, 'status', bookings.status,
  'ticket_id', bookings.ticket_id, 'cancel_reason', bookings.cancel_reason,
  'created_at', ${isoInstant('bookings.created_at')}, 'updated_at', ${isoInstant('bookings.updated_at')})`;

function checkRange(from: string, to: string): void {
  const a = DateTime.fromISO(from, { zone: 'utc' });
  const b = DateTime.fromISO(to, { zone: 'utc' });
  if (!a.isValid) throw invalid('Give the date as YYYY-MM-DD', { from: ['Give the date as YYYY-MM-DD'] });
  if (!b.isValid) throw invalid('Give the date as YYYY-MM-DD', { to: ['Give the date as YYYY-MM-DD'] });
  if (b < a) throw invalid('The end date must not be before the start date', { to: ['The end date must not be before the start date'] });
  const span = `A range may span at most ${MAX_RANGE_DAYS} days`;
  if (b.diff(a, 'days').days > MAX_RANGE_DAYS) throw invalid(span, { to: [span] });
}

/** The book's reads, over the bookings read table (the customer's name joined at read: erasure empties it). */
type Base = ReturnType<BookingQueries['base']>;

@Injectable()
export class BookingQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly businesses: BusinessDirectory,
  ) {}

  base(tenantId: string) {
    return this.db.selectFrom('bookings').where('bookings.tenant_id', '=', tenantId);
  }

  private page(base: Base, page: PageRequest, order: 'asc' | 'desc' = 'asc'): Promise<Paged<Booking<ServerInstant>>> {
    return selectPage(
      base,
      (q) => this.rows(q).orderBy('bookings.starts_at', order).orderBy('bookings.id'),
      page,
      (r) => toBooking(r as unknown as Record<string, unknown>),
    );
  }

  /** A booking's row with its customer's name. */
  private rows(base: Base) {
    return base
      .leftJoin(customerCards(this.db).as('customers'), (j) =>
        j.onRef('customers.id', '=', 'bookings.customer_id').onRef('customers.tenant_id', '=', 'bookings.tenant_id'),
      )
      .selectAll('bookings')
      .select([CUSTOMER_NAME.as('customer_name'), RESOURCE_IDS.as('resource_ids')]);
  }

  async one(tenantId: string, id: string): Promise<Booking<ServerInstant>> {
    // One row: no page and no count.
    const found = await this.rows(this.base(tenantId).where('bookings.id', '=', id)).executeTakeFirst();
    if (!found) throw notFound();
    return toBooking(found as unknown as Record<string, unknown>);
  }

  list(tenantId: string, page: PageRequest, departmentId?: string) {
    return this.page(
      this.base(tenantId).$if(!!departmentId, (q) => q.where('bookings.department_id', '=', departmentId!)),
      page,
    );
  }

  filter(tenantId: string, f: BookingFilter, page: PageRequest) {
    let q = this.base(tenantId);
    if (f.from) q = q.where('bookings.local_date', '>=', f.from);
    if (f.to) q = q.where('bookings.local_date', '<=', f.to);
    if (f.department_id) q = q.where('bookings.department_id', '=', f.department_id);
    if (f.member_id) q = q.where('bookings.member_id', '=', f.member_id);
    if (f.customer_id) q = q.where('bookings.customer_id', '=', f.customer_id);
    if (f.status) q = q.where('bookings.status', '=', f.status);
    if (f.q) {
      const pattern = likePattern(f.q);
      q = q.where((eb) =>
        eb.or([
          eb('bookings.remarks', 'ilike', pattern),
          eb('bookings.phone_number', 'ilike', pattern),
          eb.exists(customerNamedLike(this.db, sql.ref('bookings.customer_id'), pattern)),
        ]),
      );
    }
    return this.page(q, page);
  }

  /**
   * The calendar: every booking starting on the local dates from..to (cancelled ones too: the
   * list mode shows them), as the answer's JSON text. A busy month is thousands of rows, and
   * PostgreSQL writes them as JSON several times faster than the driver parses them into objects
   * that are then written again; `BOOKING_JSON` is `toBooking`'s shape, and test/bookings.int.ts
   * compares it with the filter's read (the row path) field by field.
   */
  async range(tenantId: string, r: { from: string; to: string; department_id?: string; member_id?: string }): Promise<string> {
    checkRange(r.from, r.to);
    let q = this.base(tenantId).where('bookings.local_date', '>=', r.from).where('bookings.local_date', '<=', r.to);
    if (r.department_id) q = q.where('bookings.department_id', '=', r.department_id);
    if (r.member_id) q = q.where('bookings.member_id', '=', r.member_id);
    const row = await q
      .leftJoin(customerCards(this.db).as('customers'), (j) =>
        j.onRef('customers.id', '=', 'bookings.customer_id').onRef('customers.tenant_id', '=', 'bookings.tenant_id'),
      )
      .select(sql<string>`coalesce(json_agg(${BOOKING_JSON} ORDER BY bookings.starts_at, bookings.id), '[]')::text`.as('data'))
      .executeTakeFirstOrThrow();
    return `{"data":${row.data}}`;
  }

  /** Past and closed bookings of the range, newest first. */
  async archive(tenantId: string, r: { from: string; to: string; department_id?: string; page?: number }, now: Date) {
    checkRange(r.from, r.to);
    let q = this.base(tenantId)
      .where('bookings.local_date', '>=', r.from)
      .where('bookings.local_date', '<=', r.to)
      .where((eb) => eb.or([eb('bookings.status', 'in', CLOSED), eb('bookings.ends_at', '<', now)]));
    if (r.department_id) q = q.where('bookings.department_id', '=', r.department_id);
    const page = r.page ?? 1;
    return this.page(q, { limit: 15, offset: (page - 1) * 15, page }, 'desc');
  }

  async settings(tenantId: string): Promise<BookingSettings> {
    const [business, row] = await Promise.all([
      this.businesses.profile(tenantId),
      this.db
        .selectFrom('booking_settings')
        .select(['min_notice_minutes', 'no_show_after_minutes', 'allow_several_bookings'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
    ]);
    if (!business) throw notFound();
    return {
      booking_days_limit: business.booking_days_limit,
      booking_confirmation: business.booking_confirmation,
      min_notice_minutes: row?.min_notice_minutes ?? BOOKING_SETTINGS_DEFAULTS.min_notice_minutes,
      no_show_after_minutes: row?.no_show_after_minutes ?? BOOKING_SETTINGS_DEFAULTS.no_show_after_minutes,
      allow_several_bookings: row?.allow_several_bookings ?? BOOKING_SETTINGS_DEFAULTS.allow_several_bookings,
    };
  }
}
