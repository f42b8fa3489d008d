import { REMINDER_TYPES, type ReminderType } from '@tabour/contracts';
import { DateTime } from 'luxon';

export interface DueReminder {
  type: ReminderType;
  /** The instant to send it, ISO 8601 in UTC. */
  due_at: string;
}

/** How many calendar days before the booking's day each reminder goes out (docs/product.md#booking-reminders). */
export const REMINDER_DAYS: Record<ReminderType, number> = {
  BOOKING_REMINDER_7D: 7,
  BOOKING_REMINDER_48H: 2,
  BOOKING_REMINDER_24H: 1,
};

/** A reminder later than this before the start would arrive as the customer is already on the way. */
export const REMINDER_MIN_LEAD_MS = 60 * 60 * 1000;

/**
 * When a booking's reminders fall due, earliest first: the same wall-clock time as the start,
 * 7, 2 and 1 calendar days before in the business's zone, so a 09:00 booking is reminded at
 * 09:00 even when a daylight-saving change lies between (the elapsed time is then 23 or 25 h,
 * not 24). A wall time the change skips is moved on by the gap (02:30 becomes 03:30); one that
 * occurs twice is taken the first time. Reminders already due at `now`, or less than an hour
 * before the start, are left out: recomputing after a booking moves gives its new reminders.
 */
export function reminderDueTimes(startsAtIso: string, zone: string, now: Date | string, types: readonly ReminderType[] = REMINDER_TYPES): DueReminder[] {
  const start = DateTime.fromISO(startsAtIso, { zone });
  if (!start.isValid) throw new RangeError(`reminderDueTimes: ${start.invalidExplanation ?? start.invalidReason}`);
  const nowMs = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('reminderDueTimes: now is not an instant');
  const latest = start.toMillis() - REMINDER_MIN_LEAD_MS;
  return REMINDER_TYPES.filter((type) => types.includes(type))
    .map((type) => ({ type, due: sameWallTime(start, REMINDER_DAYS[type]) }))
    .filter(({ due }) => due.toMillis() > nowMs && due.toMillis() <= latest)
    .map(({ type, due }) => ({ type, due_at: due.toUTC().toISO()! }));
}

/** The start's wall-clock time `days` calendar days earlier, the first of two where the hour repeats. */
function sameWallTime(start: DateTime, days: number): DateTime {
  // The calendar day is counted in UTC, where every day has 24 hours, then read in the zone.
  const { year, month, day } = DateTime.utc(start.year, start.month, start.day).minus({ days });
  const { hour, minute, second, millisecond } = start;
  const local = DateTime.fromObject({ year, month, day, hour, minute, second, millisecond }, { zone: start.zone });
  return local.getPossibleOffsets().reduce((first, d) => (d < first ? d : first), local);
}
