import type { InlineProjection, ProjectionDb, RecordOf } from '@tabour/eventstore';
import { conflict, notFound, type Database } from '@tabour/platform';
import { BOOKING_HOLDING_STATUSES } from '@tabour/contracts';
import { checkSlot } from '../availability';
import { BOOKING_PLACING_EVENT_TYPES, type BookingEvent, type BookingSlot } from '../booking/events';
import { BOOKING_SETTINGS_DEFAULTS } from '../booking-settings';
import { readBookingPlace } from '../queries/booking-place';
import '../tables';

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
