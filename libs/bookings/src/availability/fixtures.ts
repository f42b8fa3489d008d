/** Test fixtures: a pinned clock and a department in Paris, changed per case. */
import { WEEKDAYS, type WorkingDay } from '@tabour/contracts';
import type { AvailabilityInput, HeldBooking } from './types';

export function hours(open: Partial<Record<WorkingDay['day'], Array<[string, string]>>>): WorkingDay[] {
  return WEEKDAYS.map((day) => {
    const ranges = open[day] ?? [];
    return { day, open: ranges.length > 0, ranges: ranges.map(([from, to]) => ({ from, to })) };
  });
}

const week: Array<[string, string]> = [
  ['09:00', '12:00'],
  ['14:00', '17:00'],
];
export const OFFICE = hours({ monday: week, tuesday: week, wednesday: week, thursday: week, friday: week, saturday: [['09:00', '12:00']] });
export const MORNINGS = hours({ monday: [['09:00', '12:00']], tuesday: [['09:00', '12:00']], wednesday: [['09:00', '12:00']] });

/** Monday 2 March 2026, 09:00 in Paris. */
export const NOW = '2026-03-02T08:00:00.000Z';

export function base(changes: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    time_zone: 'Europe/Paris',
    now: NOW,
    from: '2026-03-03',
    to: '2026-03-03',
    booking_days_limit: 30,
    min_notice_minutes: 0,
    working_days: OFFICE,
    department: { id: 'dep', slot_duration: 30, max_bookings_per_slot: 1, max_daily_bookings: null, must_select_member: false },
    members: [],
    holidays: [],
    bookings: [],
    duration_minutes: 30,
    selected_member_id: null,
    ...changes,
  };
}

let n = 0;
/** A booking from local Paris wall times of a winter date (UTC+1). */
export function booked(date: string, from: string, to: string, changes: Partial<HeldBooking> = {}): HeldBooking {
  n += 1;
  return { id: `b${n}`, department_id: 'dep', member_id: null, starts_at: `${date}T${from}:00+01:00`, ends_at: `${date}T${to}:00+01:00`, ...changes };
}
