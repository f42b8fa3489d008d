/**
 * The input read once: instants parsed, hours turned into minute ranges per weekday, bookings
 * and holidays sorted into overlap counters. Everything after this is lookups.
 */
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday, type WorkingDay } from '@tabour/contracts';
import { Intervals, type Spans } from './intervals';
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
  /** Position in `Context.members`. */
  index: number;
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

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (month 1–12). */
function epochDays(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
function monthDays(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * Epoch ms of an ISO 8601 instant. The UTC form the API writes (YYYY-MM-DDTHH:mm:ss(.sss)Z) is
 * read digit by digit in straight-line integer arithmetic, several times faster than
 * `Date.parse` on the thousands of bookings of a month; any other form, or a field out of range,
 * goes to `Date.parse`.
 */
export function parseInstant(value: string): number {
  const n = value.length;
  const millis = n === 24 && value.charCodeAt(19) === 46 && value.charCodeAt(23) === 90;
  if (!millis && !(n === 20 && value.charCodeAt(19) === 90)) return Date.parse(value);
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(10) !== 84 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) {
    return Date.parse(value);
  }
  // Each digit's value; a character that is no digit gives a value outside 0–9, which turns `x` or `9 - x` negative.
  const y0 = value.charCodeAt(0) - 48;
  const y1 = value.charCodeAt(1) - 48;
  const y2 = value.charCodeAt(2) - 48;
  const y3 = value.charCodeAt(3) - 48;
  const mo0 = value.charCodeAt(5) - 48;
  const mo1 = value.charCodeAt(6) - 48;
  const d0 = value.charCodeAt(8) - 48;
  const d1 = value.charCodeAt(9) - 48;
  const h0 = value.charCodeAt(11) - 48;
  const h1 = value.charCodeAt(12) - 48;
  const mi0 = value.charCodeAt(14) - 48;
  const mi1 = value.charCodeAt(15) - 48;
  const s0 = value.charCodeAt(17) - 48;
  const s1 = value.charCodeAt(18) - 48;
  const f0 = millis ? value.charCodeAt(20) - 48 : 0;
  const f1 = millis ? value.charCodeAt(21) - 48 : 0;
  const f2 = millis ? value.charCodeAt(22) - 48 : 0;
  const low = y0 | y1 | y2 | y3 | mo0 | mo1 | d0 | d1 | h0 | h1 | mi0 | mi1 | s0 | s1 | f0 | f1 | f2;
  const high =
    (9 - y0) |
    (9 - y1) |
    (9 - y2) |
    (9 - y3) |
    (9 - mo0) |
    (9 - mo1) |
    (9 - d0) |
    (9 - d1) |
    (9 - h0) |
    (9 - h1) |
    (9 - mi0) |
    (9 - mi1) |
    (9 - s0) |
    (9 - s1) |
    (9 - f0) |
    (9 - f1) |
    (9 - f2);
  if ((low | high) < 0) return Date.parse(value);
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = mo0 * 10 + mo1;
  const day = d0 * 10 + d1;
  const hour = h0 * 10 + h1;
  const minute = mi0 * 10 + mi1;
  const second = s0 * 10 + s1;
  if (month < 1 || month > 12 || day < 1 || day > monthDays(year, month) || hour > 23 || minute > 59 || second > 59) return Date.parse(value);
  return epochDays(year, month, day) * 86_400_000 + hour * 3_600_000 + minute * MINUTE + second * 1000 + f0 * 100 + f1 * 10 + f2;
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

  // A plain loop over two lists per counter: this runs over every booking of the range on each call.
  const own: Spans = { starts: [], ends: [] };
  const busy = new Map<string, Spans>(input.members.map((m) => [m.id, { starts: [], ends: [] }]));
  const held = input.bookings;
  for (let i = 0; i < held.length; i += 1) {
    const b = held[i];
    // The field's name is only spelled out when it is wrong.
    const start = typeof b.starts_at === 'string' ? parseInstant(b.starts_at) : NaN;
    const end = typeof b.ends_at === 'string' ? parseInstant(b.ends_at) : NaN;
    if (Number.isNaN(start)) instant(b.starts_at, `bookings.${i}.starts_at`);
    if (Number.isNaN(end)) instant(b.ends_at, `bookings.${i}.ends_at`);
    if (end <= start) fail(`bookings.${i}.ends_at`, 'A booking must end after it starts');
    if (b.department_id === dep.id) {
      own.starts.push(start);
      own.ends.push(end);
    }
    // Only the department's members' bookings are counted against them.
    const list = b.member_id === null ? undefined : busy.get(b.member_id);
    if (list) {
      list.starts.push(start);
      list.ends.push(end);
    }
  }

  const members: MemberContext[] = input.members.map((m, i) => ({
    id: m.id,
    index: i,
    hours: m.working_days === null ? null : readHours(m.working_days, `members.${i}.working_days`),
    holidays: new Intervals(away.get(m.id) ?? []),
    busy: new Intervals(busy.get(m.id) as Spans),
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
