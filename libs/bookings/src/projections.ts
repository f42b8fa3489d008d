import { settingsRowProjection, type InlineProjection, type ProjectionDb, type RecordOf } from '@tabour/eventstore';
import { conflict, notFound, type Database } from '@tabour/platform';
import { BOOKING_HOLDING_STATUSES } from '@tabour/contracts';
import { checkSlot } from './availability';
import { readBookingPlace } from './queries/booking-place';
import { openingBookingProjection } from './pii';
import { BOOKING_EVENT_TYPES, BOOKING_PLACING_EVENT_TYPES, type BookingEvent, type BookingSlot } from './booking/events';
import { BOOKING_SETTINGS_DEFAULTS, BOOKING_SETTINGS_EVENT_TYPES, type BookingSettingsEvent } from './booking/settings';

const json = (v: unknown) => JSON.stringify(v);

/** The book's rows: one per booking, removed when the booking is deleted. */
export const bookingsProjection: InlineProjection<BookingEvent, Database> = {
  name: 'bookings.bookings',
  tables: ['bookings'],
  handles: BOOKING_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const id = e.data.booking_id;
      const at = e.recordedAt;
      const row = db.updateTable('bookings').where('id', '=', id);
      switch (e.type) {
        case 'BookingCreated': {
          const d = e.data;
          await db
            .insertInto('bookings')
            .values({
              id,
              tenant_id: d.business_id,
              department_id: d.department_id,
              member_id: d.member_id,
              customer_id: d.customer_id,
              queue_id: d.queue_id,
              counter_ids: json(d.counter_ids),
              service_ids: json(d.service_ids),
              duration: d.duration,
              starts_at: d.starts_at,
              ends_at: d.ends_at,
              local_date: d.date,
              slot: d.slot,
              additional_data: json(d.additional_data),
              remarks: d.remarks,
              is_online: d.is_online,
              channel: d.channel,
              sync_booking_with_graph: d.sync_booking_with_graph,
              location: d.location ? json(d.location) : null,
              phone_number: d.phone_number,
              attachments: json(d.attachments),
              status: d.status,
              ticket_id: null,
              cancel_reason: null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'BookingRescheduled': {
          const d = e.data;
          await row
            .set({
              department_id: d.department_id,
              member_id: d.member_id,
              service_ids: json(d.service_ids),
              duration: d.duration,
              starts_at: d.starts_at,
              ends_at: d.ends_at,
              local_date: d.date,
              slot: d.slot,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'BookingUpdated': {
          const c = e.data.changes;
          const set: Record<string, unknown> = { updated_at: at };
          for (const [key, value] of Object.entries(c)) {
            // The resources held live in their own table (bookings.resources).
            if (key === 'resource_ids') continue;
            set[key] = ['counter_ids', 'additional_data', 'attachments'].includes(key)
              ? json(value)
              : key === 'location'
                ? value
                  ? json(value)
                  : null
                : value;
          }
          await row.set(set).execute();
          break;
        }
        case 'BookingCancelled':
          await row.set({ status: 'cancelled', cancel_reason: e.data.reason, updated_at: at }).execute();
          break;
        case 'BookingMarkedNoShow':
          await row.set({ status: 'no_show', updated_at: at }).execute();
          break;
        case 'BookingCompleted':
          await row.set({ status: 'completed', updated_at: at }).execute();
          break;
        case 'BookingCheckedIn':
          await row.set({ status: 'checked_in', queue_id: e.data.queue_id, ticket_id: e.data.ticket_id, updated_at: at }).execute();
          break;
        case 'BookingDeleted':
          await db.deleteFrom('bookings').where('id', '=', id).execute();
          break;
      }
    }
  },
};

export const bookingSettingsProjection = settingsRowProjection<BookingSettingsEvent, Database>({
  name: 'bookings.settings',
  table: 'booking_settings',
  handles: BOOKING_SETTINGS_EVENT_TYPES,
  defaults: BOOKING_SETTINGS_DEFAULTS,
});

/** The UTC calendar days an interval touches: two overlapping bookings always share one. */
function utcDays(starts_at: string, ends_at: string): string[] {
  const days: string[] = [];
  const last = new Date(Date.parse(ends_at) - 1).toISOString().slice(0, 10);
  for (let d = starts_at.slice(0, 10); ;) {
    days.push(d);
    if (d >= last || days.length > 31) return days;
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
}

/**
 * The advisory locks a place takes, in one fixed (sorted) order so two appends never wait on
 * each other crosswise: the department's local day (its daily limit), the department's and the
 * member's UTC days the booking touches (overlaps).
 */
export function capacityLocks(place: BookingSlot, customerId: string | null = null): string[] {
  const days = utcDays(place.starts_at, place.ends_at);
  const keys = [`booking:department-date:${place.department_id}:${place.date}`, ...days.map((d) => `booking:department-utc:${place.department_id}:${d}`)];
  if (place.member_id) keys.push(...days.map((d) => `booking:member-utc:${place.member_id}:${d}`));
  if (customerId) keys.push(`booking:customer:${customerId}`);
  return [...new Set(keys)].sort();
}

/**
 * Whether the customer may hold one more booking to come: always, unless the business allows
 * one at a time and the customer is not flagged to book more than once.
 */
async function customerMayBook(db: ProjectionDb<Database>, tenantId: string, customerId: string, bookingId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('booking_settings as s', 's.tenant_id', 'c.tenant_id')
    .select(['c.book_more_than_once', 's.allow_several_bookings'])
    .where('c.id', '=', customerId)
    .where('c.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row || row.book_more_than_once || (row.allow_several_bookings ?? BOOKING_SETTINGS_DEFAULTS.allow_several_bookings)) return true;
  const other = await db
    .selectFrom('bookings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('id', '!=', bookingId)
    .where('status', 'in', [...BOOKING_HOLDING_STATUSES])
    .where('ends_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return !other;
}

/**
 * No double booking: runs in the append's transaction before the book's rows move. It takes
 * the place's advisory locks (held until the commit, so the next append over the same day
 * reads this one's row), reads what the availability listing reads and asks the engine's
 * `checkSlot` about the start; a refusal rolls the whole append back and answers 409 with the
 * catalogue's text. It keeps no table of its own, so a rebuild of the book never runs it.
 */
export const bookingCapacityGuard: InlineProjection<BookingEvent, Database> = {
  name: 'bookings.capacity',
  handles: BOOKING_PLACING_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events as RecordOf<Extract<BookingEvent, { type: 'BookingCreated' | 'BookingRescheduled' }>>[]) {
      const place = e.data;
      // Only a new booking adds one to its customer's; a reschedule moves one they hold.
      const customerId = e.type === 'BookingCreated' ? e.data.customer_id : null;
      const now = new Date();
      // All of the place's locks, taken in the array's (sorted) order by the statement that reads
      // the department, before it reads the day's bookings in a snapshot taken under them; the
      // customer's bookings are read by the next statement, under them too.
      const read = await readBookingPlace(
        db,
        place.business_id,
        {
          department_id: place.department_id,
          from: place.date,
          to: place.date,
          now,
          selected_member_id: place.member_id,
          duration_minutes: place.duration,
          except_booking_id: place.booking_id,
        },
        {
          lock: capacityLocks(place, customerId),
          beforeBookings: customerId
            ? async () => {
                if (!(await customerMayBook(db, place.business_id, customerId, place.booking_id, now)))
                  throw conflict('The customer already has a booking to come', 'customer_has_booking');
              }
            : undefined,
        },
      );
      if (!read) throw notFound('The department no longer exists');
      const input = read.input;
      const check = checkSlot(input, place.starts_at, place.member_id);
      if (!check.ok) throw conflict(check.message, `slot_${check.code}`);
    }
  },
};

// The book's rows are written from opened events: sealed personal text reads as it was given.
export const BOOKING_PROJECTIONS = [openingBookingProjection(bookingsProjection), bookingSettingsProjection] as const;
