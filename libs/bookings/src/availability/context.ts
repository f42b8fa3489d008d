/**
 * The input read once: instants parsed, hours turned into minute ranges per weekday, bookings
 * and holidays sorted into overlap counters. Everything after this is lookups.
 */
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday, type WorkingDay } from '@tabour/contracts';
import { Intervals } from './intervals';
import { AvailabilityInputError, type AvailabilityInput } from './types';
import { parseHHmm, Zone } from './zone';

const MINUTE = 60_000;
/** The longest range one call may ask for (a year and a day). */
export const MAX_RANGE_DAYS = 366;

/** Minutes since local midnight, [from, to). */
export type MinuteRange = readonly [number, number];
export type Hours = ReadonlyMap<Weekday, readonly MinuteRange[]>;

export interface MemberContext {
  id: string;
  /** null: the business's hours. */
  hours: Hours | null;
  holidays: Intervals;
  busy: Intervals;
}

export interface Context {
  zone: Zone;
  now: number;
  /** now + minimum notice: the earliest bookable start. */
  earliest: number;
  today: string;
  /** The last bookable local date. */
  lastDate: string;
  hours: Hours;
  department_id: string;
  slotMinutes: number;
  durationMinutes: number;
  capacity: number;
  daily: number | null;
  mustSelect: boolean;
  members: MemberContext[];
  memberById: ReadonlyMap<string, MemberContext>;
  agency: Intervals;
  /** The department's own bookings. */
  department: Intervals;
}

function fail(field: string, message: string): never {
  throw new AvailabilityInputError(field, message);
}

function instant(value: string, field: string): number {
  const at = typeof value === 'string' ? parseInstant(value) : NaN;
  if (Number.isNaN(at)) fail(field, `${field} must be an ISO 8601 instant`);
  return at;
}

/** Digits of the fixed-width UTC form the API writes: YYYY-MM-DDTHH:mm:ss(.sss)Z. */
const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const SEPARATORS: Array<[number, number]> = [
  [4, 45],
  [7, 45],
  [10, 84],
  [13, 58],
  [16, 58],
];

/**
 * Epoch ms of an ISO 8601 instant. The UTC form the API writes is read digit by digit, several
 * times faster than `Date.parse` on the thousands of bookings of a month; any other form (and
 * the days past the 28th, whose month decides) goes to `Date.parse`.
 */
export function parseInstant(value: string): number {
  const millis = value.length === 24 && value.charCodeAt(19) === 46 && value.charCodeAt(23) === 90;
  if (!millis && !(value.length === 20 && value.charCodeAt(19) === 90)) return Date.parse(value);
  for (const [i, code] of SEPARATORS) if (value.charCodeAt(i) !== code) return Date.parse(value);
  const d = (i: number) => value.charCodeAt(i) - 48;
  for (const i of DIGITS) if (d(i) < 0 || d(i) > 9) return Date.parse(value);
  if (millis && [20, 21, 22].some((i) => d(i) < 0 || d(i) > 9)) return Date.parse(value);
  const month = d(5) * 10 + d(6);
  const day = d(8) * 10 + d(9);
  const hour = d(11) * 10 + d(12);
  const minute = d(14) * 10 + d(15);
  const second = d(17) * 10 + d(18);
  if (month < 1 || month > 12 || day < 1 || day > 28 || hour > 23 || minute > 59 || second > 59) return Date.parse(value);
  const year = d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3);
  return Date.UTC(year, month - 1, day, hour, minute, second, millis ? d(20) * 100 + d(21) * 10 + d(22) : 0);
}

function wholeIn(value: number, min: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < min || value > max) fail(field, `${field} must be a whole number from ${min} to ${max}`);
  return value;
}

/**
 * Hours per weekday, each day's ranges sorted and touching ones merged (09:00–12:00 and
 * 12:00–17:00 make one range, so a slot may run across noon). A range must end after it starts
 * on the same date: hours that cross midnight are refused, not guessed.
 */
export function readHours(days: WorkingDay[], field: string): Hours {
  if (!Array.isArray(days)) fail(field, `${field} must list the days of the week`);
  const hours = new Map<Weekday, MinuteRange[]>(WEEKDAYS.map((d) => [d, []]));
  days.forEach((day, i) => {
    if (!WEEKDAYS.includes(day?.day)) fail(`${field}.${i}.day`, 'Select a valid day');
    if (!day.open) return;
    const ranges: Array<[number, number]> = (day.ranges ?? []).map((r, j) => {
      const from = parseHHmm(r?.from);
      const to = parseHHmm(r?.to, true);
      if (from === null || to === null) fail(`${field}.${i}.ranges.${j}`, 'Enter times as HH:mm');
      if (to <= from) fail(`${field}.${i}.ranges.${j}`, 'A time range must end after it starts, on the same day');
      return [from, to];
    });
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const r of [...(hours.get(day.day) ?? []), ...ranges].sort((a, b) => a[0] - b[0])) {
      const last = merged[merged.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    }
    hours.set(day.day, merged);
  });
  return hours;
}

export function buildContext(input: AvailabilityInput, selected: string | null): Context {
  const zone = new Zone(input.time_zone);
  if (!zone.valid) fail('time_zone', 'time_zone must be an IANA time zone');
  const now = instant(input.now, 'now');
  const dep = input.department;
  const slotMinutes = wholeIn(dep.slot_duration, 1, 1440, 'department.slot_duration');
  const durationMinutes = wholeIn(input.duration_minutes, 1, 1440, 'duration_minutes');
  const capacity = wholeIn(dep.max_bookings_per_slot, 0, 1_000_000, 'department.max_bookings_per_slot');
  const daily = dep.max_daily_bookings === null ? null : wholeIn(dep.max_daily_bookings, 0, 1_000_000, 'department.max_daily_bookings');
  const limit = wholeIn(input.booking_days_limit, 0, 3660, 'booking_days_limit');
  const notice = wholeIn(input.min_notice_minutes, 0, 525_600, 'min_notice_minutes');
  const today = zone.dateOf(now);

  const agency: Array<{ start: number; end: number }> = [];
  const away = new Map<string, Array<{ start: number; end: number }>>();
  input.holidays.forEach((h, i) => {
    const span = { start: instant(h.starts_at, `holidays.${i}.starts_at`), end: instant(h.ends_at, `holidays.${i}.ends_at`) };
    if (span.end <= span.start) fail(`holidays.${i}.ends_at`, 'A holiday must end after it starts');
    if (h.scope === 'agency') agency.push(span);
    else for (const id of h.member_ids) away.set(id, [...(away.get(id) ?? []), span]);
  });

  const own: Array<{ start: number; end: number }> = [];
  const busy = new Map<string, Array<{ start: number; end: number }>>();
  input.bookings.forEach((b, i) => {
    const span = { start: instant(b.starts_at, `bookings.${i}.starts_at`), end: instant(b.ends_at, `bookings.${i}.ends_at`) };
    if (span.end <= span.start) fail(`bookings.${i}.ends_at`, 'A booking must end after it starts');
    if (b.department_id === dep.id) own.push(span);
    if (b.member_id !== null) {
      const list = busy.get(b.member_id);
      if (list) list.push(span);
      else busy.set(b.member_id, [span]);
    }
  });

  const members: MemberContext[] = input.members.map((m, i) => ({
    id: m.id,
    hours: m.working_days === null ? null : readHours(m.working_days, `members.${i}.working_days`),
    holidays: new Intervals(away.get(m.id) ?? []),
    busy: new Intervals(busy.get(m.id) ?? []),
  }));
  const memberById = new Map(members.map((m) => [m.id, m]));
  if (selected !== null && !memberById.has(selected)) fail('selected_member_id', 'This team member cannot be booked in this department');

  return {
    zone,
    now,
    earliest: now + notice * MINUTE,
    today,
    lastDate: DateTime.fromISO(today, { zone: 'utc' }).plus({ days: limit }).toISODate() as string,
    hours: readHours(input.working_days, 'working_days'),
    department_id: dep.id,
    slotMinutes,
    durationMinutes,
    capacity,
    daily,
    mustSelect: dep.must_select_member,
    members,
    memberById,
    agency: new Intervals(agency),
    department: new Intervals(own),
  };
}

/** The local dates from..to, both included, checked and capped. */
export function datesOf(from: string, to: string): string[] {
  const a = DateTime.fromISO(from ?? '', { zone: 'utc' });
  const b = DateTime.fromISO(to ?? '', { zone: 'utc' });
  if (!a.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(from)) fail('from', 'from must be a date (YYYY-MM-DD)');
  if (!b.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(to)) fail('to', 'to must be a date (YYYY-MM-DD)');
  const days = Math.round(b.diff(a, 'days').days);
  if (days < 0) fail('to', 'to must not be before from');
  if (days >= MAX_RANGE_DAYS) fail('to', `Ask for at most ${MAX_RANGE_DAYS} days at once`);
  return Array.from({ length: days + 1 }, (_, i) => a.plus({ days: i }).toISODate() as string);
}
