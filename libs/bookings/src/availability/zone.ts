/**
 * Local dates and wall-clock times of one IANA zone turned into instants (epoch milliseconds)
 * and back, with Luxon's zone data. Each date is worked out once: its offset, or on the day the
 * clocks change, the offsets before and after and the instant of the change. Everything else is
 * arithmetic: a wall time the clocks skip has no instant, one they repeat gets its first one.
 */
import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, type Weekday } from '@tabour/contracts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const MAX_CACHED_DAYS = 20_000;
const DAYS = new Map<string, LocalDay>();

/** The offsets around one date: constant, or one change at `change` from `before` to `after`. */
interface Offsets {
  /** Epoch ms of this date's 00:00 read as if it were UTC: wall minute m is at `wallBase + m·60 000` in wall reckoning. */
  wallBase: number;
  /** The offset (minutes) all day long, or null when it changes during the day. */
  offset: number | null;
  before: number;
  after: number;
  /** The first instant of the new offset, or null. */
  change: number | null;
}

export interface LocalDay extends Offsets {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  /** First instant of the date and first instant of the next one. */
  start: number;
  end: number;
}

export class Zone {
  private readonly zone: IANAZone;

  constructor(readonly name: string) {
    this.zone = IANAZone.create(name);
  }

  get valid(): boolean {
    return this.zone.isValid;
  }

  /** The local date (YYYY-MM-DD) of an instant. */
  dateOf(at: number): string {
    return DateTime.fromMillis(at, { zone: this.zone }).toISODate() as string;
  }

  day(date: string): LocalDay {
    const key = `${this.name} ${date}`;
    const known = DAYS.get(key);
    if (known) return known;
    const calendar = DateTime.fromISO(date, { zone: 'utc' });
    const here = this.offsets(calendar.toMillis());
    const next = this.offsets(calendar.plus({ days: 1 }).toMillis());
    const day: LocalDay = Object.freeze({
      date,
      weekday: WEEKDAYS[calendar.weekday - 1],
      ...here,
      start: firstInstantAt(here, 0),
      end: firstInstantAt(next, 0),
    });
    // A zone's rules do not change while the process runs: a date is worked out once.
    if (DAYS.size >= MAX_CACHED_DAYS) DAYS.clear();
    DAYS.set(key, day);
    return day;
  }

  /** Instant of wall minute `minute` on `day`, its first one when repeated; null when the clocks skip it. */
  instant(day: Offsets, minute: number): number | null {
    return instantOf(day, minute);
  }

  /**
   * Wall minutes (since the date's 00:00) of each constant-offset piece of [from, to), as
   * [startMinute, lengthMinutes]: one piece unless the clocks change inside the interval.
   */
  wallPieces(day: Offsets, from: number, to: number): Array<[number, number]> {
    const wall = (at: number) => (at + offsetAt(day, at) * MINUTE - day.wallBase) / MINUTE;
    if (day.change === null || day.change <= from || day.change >= to) return [[wall(from), (to - from) / MINUTE]];
    return [
      [wall(from), (day.change - from) / MINUTE],
      [wall(day.change), (to - day.change) / MINUTE],
    ];
  }

  private offsets(wallBase: number): Offsets {
    // Every instant of a date lies within 14 h of its wall reckoning, and clocks never change
    // twice within three days, so these two offsets are all the date can have.
    const lo = wallBase - DAY;
    const hi = wallBase + 2 * DAY;
    const before = this.zone.offset(lo);
    const after = this.zone.offset(hi);
    if (before === after) return { wallBase, offset: before, before, after, change: null };
    // Clocks change on a whole minute: the first minute of the new offset.
    let a = Math.floor(lo / MINUTE);
    let b = Math.ceil(hi / MINUTE);
    while (b - a > 1) {
      const mid = a + Math.floor((b - a) / 2);
      if (this.zone.offset(mid * MINUTE) === before) a = mid;
      else b = mid;
    }
    return { wallBase, offset: null, before, after, change: b * MINUTE };
  }
}

function offsetAt(day: Offsets, at: number): number {
  if (day.change === null) return day.before;
  return at < day.change ? day.before : day.after;
}

function instantOf(day: Offsets, minute: number): number | null {
  const wall = day.wallBase + minute * MINUTE;
  if (day.change === null) return wall - day.before * MINUTE;
  // The wall time read with each offset; it exists under an offset when that offset is the one in force then.
  const early = wall - day.before * MINUTE;
  const late = wall - day.after * MINUTE;
  const candidates = [early, late].filter((at, i) => offsetAt(day, at) === (i === 0 ? day.before : day.after));
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/** The first instant whose wall time is `minute` or later (the change's instant when the clocks skip it). */
function firstInstantAt(day: Offsets, minute: number): number {
  return instantOf(day, minute) ?? (day.change as number);
}

/** 'HH:mm' (or '24:00' as an end) to minutes since midnight; null when unreadable. */
export function parseHHmm(value: string, end = false): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return null;
  if (h < 24) return h * 60 + min;
  return end && h === 24 && min === 0 ? 1440 : null;
}

/** '00'…'99' and '000'…'999': a slot's texts are put together from these rather than padded one by one. */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

export function formatHHmm(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return h < 100 ? `${TWO[h]}:${TWO[m]}` : `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** First and last instants `Date.prototype.toISOString` writes with a four-digit year. */
const ISO_MIN = -62_167_219_200_000;
const ISO_MAX = 253_402_300_800_000;
let isoDay = NaN;
let isoPrefix = '';

/**
 * `new Date(at).toISOString()`, from the date's 'YYYY-MM-DDT' (worked out once while the
 * instants stay on one UTC date, as a date's slots do) and the time's digits.
 */
export function isoInstant(at: number): string {
  if (!(at >= ISO_MIN && at < ISO_MAX) || !Number.isInteger(at)) return new Date(at).toISOString();
  const day = Math.floor(at / DAY);
  if (day !== isoDay) {
    isoDay = day;
    isoPrefix = new Date(day * DAY).toISOString().slice(0, 11);
  }
  let rest = at - day * DAY;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / MINUTE);
  rest -= m * MINUTE;
  const sec = Math.floor(rest / 1000);
  return `${isoPrefix}${TWO[h]}:${TWO[m]}:${TWO[sec]}.${THREE[rest - sec * 1000]}Z`;
}
