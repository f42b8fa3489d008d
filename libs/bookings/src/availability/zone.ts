/**
 * Local dates and wall-clock times of one IANA zone turned into instants (epoch milliseconds)
 * and back, with Luxon's zone data. A day whose offset does not change is pure arithmetic; a
 * daylight-saving day resolves each wall time against both offsets around it, so a time the
 * clocks skip has no instant and a time they repeat gets its first one.
 */
import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, type Weekday } from '@tabour/contracts';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface LocalDay {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  /** Epoch ms of this date's 00:00 read as if it were UTC: wall minute m is at `wallBase + m·60 000` in wall reckoning. */
  wallBase: number;
  /** The offset (minutes) all day long, or null when it changes during the day. */
  offset: number | null;
  /** Offsets just before and just after the day (equal unless the clocks change). */
  offsets: readonly number[];
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

  /** Offset in minutes at an instant. */
  offset(at: number): number {
    return this.zone.offset(at);
  }

  /** The local date (YYYY-MM-DD) of an instant. */
  dateOf(at: number): string {
    return DateTime.fromMillis(at, { zone: this.zone }).toISODate() as string;
  }

  /** Local wall clock HH:mm of an instant. */
  timeOf(at: number): string {
    return DateTime.fromMillis(at, { zone: this.zone }).toFormat('HH:mm');
  }

  day(date: string): LocalDay {
    const calendar = DateTime.fromISO(date, { zone: 'utc' });
    const here = this.offsets(calendar.toMillis());
    const next = this.offsets(calendar.plus({ days: 1 }).toMillis());
    return {
      date,
      weekday: WEEKDAYS[calendar.weekday - 1],
      ...here,
      start: this.firstInstantAt(here, 0),
      end: this.firstInstantAt(next, 0),
    };
  }

  /** Instant of wall minute `minute` on `day`, its first one when repeated; null when the clocks skip it. */
  instant(day: Pick<LocalDay, 'wallBase' | 'offset' | 'offsets'>, minute: number): number | null {
    const wall = day.wallBase + minute * MINUTE;
    if (day.offset !== null) return wall - day.offset * MINUTE;
    let best: number | null = null;
    for (const o of day.offsets) {
      const at = wall - o * MINUTE;
      if (this.zone.offset(at) === o && (best === null || at < best)) best = at;
    }
    return best;
  }

  /**
   * Wall minutes (since the date's 00:00) of each constant-offset piece of [from, to), as
   * [startMinute, lengthMinutes]: one piece unless the clocks change inside the interval.
   */
  wallPieces(day: LocalDay, from: number, to: number): Array<[number, number]> {
    if (day.offset !== null) return [[(from - day.wallBase) / MINUTE + day.offset, (to - from) / MINUTE]];
    const first = this.zone.offset(from);
    const wall = (at: number, o: number) => (at + o * MINUTE - day.wallBase) / MINUTE;
    if (this.zone.offset(to - 1) === first) return [[wall(from, first), (to - from) / MINUTE]];
    const change = this.firstChange(from, to - 1);
    const pieces: Array<[number, number]> = [[wall(from, first), (change - from) / MINUTE]];
    return pieces.concat(this.wallPieces(day, change, to));
  }

  /** The first whole-minute instant in (lo, hi] whose offset differs from lo's (clocks change on whole minutes). */
  private firstChange(lo: number, hi: number): number {
    const o = this.zone.offset(lo);
    let a = Math.floor(lo / MINUTE);
    let b = Math.ceil(hi / MINUTE);
    while (b - a > 1) {
      const mid = a + Math.floor((b - a) / 2);
      if (this.zone.offset(mid * MINUTE) === o) a = mid;
      else b = mid;
    }
    return b * MINUTE;
  }

  private offsets(wallBase: number): Pick<LocalDay, 'wallBase' | 'offset' | 'offsets'> {
    // Every instant of a date lies within 14 h of its wall reckoning, and clocks never change
    // twice within three days, so these two offsets are all the date can have.
    const before = this.zone.offset(wallBase - DAY);
    const after = this.zone.offset(wallBase + 2 * DAY);
    return { wallBase, offset: before === after ? before : null, offsets: before === after ? [before] : [before, after] };
  }

  /** The first instant whose wall time is `minute` or later (the jump's instant when the clocks skip it). */
  private firstInstantAt(day: Pick<LocalDay, 'wallBase' | 'offset' | 'offsets'>, minute: number): number {
    const exact = this.instant(day, minute);
    if (exact !== null) return exact;
    const wall = day.wallBase + minute * MINUTE;
    const lo = Math.min(...day.offsets.map((o) => wall - o * MINUTE));
    const hi = Math.max(...day.offsets.map((o) => wall - o * MINUTE));
    return this.firstChange(lo, hi);
  }
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

export function formatHHmm(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
