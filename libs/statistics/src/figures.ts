import { DateTime } from 'luxon';
import { DURATION_BUCKET_LAST, DURATION_BUCKET_SECONDS, type DurationFigures, type StatisticPeriod } from '@tabour/contracts';

/** Stands for "none" in an aggregate's key (no service, not at a counter), so keys need no NULL. */
export const NONE = '00000000-0000-0000-0000-000000000000';
export const orNone = (id: string | null | undefined): string => id ?? NONE;
export const fromNone = (id: string): string | null => (id === NONE ? null : id);

/** The histogram bucket of a duration: 30 s wide, everything from 2 h on in the last one. */
export function bucketOf(seconds: number): number {
  return Math.min(DURATION_BUCKET_LAST, Math.max(0, Math.floor(seconds / DURATION_BUCKET_SECONDS)));
}

export interface LocalTime {
  day: string;
  hour: number;
  week: string;
  weekday: number;
}

// Every zone's offset, and every change of it, falls on a quarter of an hour: instants of the
// same UTC quarter share their local day, hour and week, so each quarter is computed once.
const QUARTER_MS = 15 * 60 * 1000;
const seen = new Map<string, LocalTime>();

/** The business-local day (YYYY-MM-DD), hour, ISO week's Monday and weekday (1 = Monday) of an instant. */
export function localTime(at: Date | string, zone: string): LocalTime {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const slot = Math.floor(ms / QUARTER_MS);
  const key = `${zone}|${slot}`;
  let hit = seen.get(key);
  if (!hit) {
    const local = DateTime.fromMillis(slot * QUARTER_MS, { zone });
    hit = { day: local.toISODate()!, hour: local.hour, week: local.startOf('week').toISODate()!, weekday: local.weekday };
    if (seen.size >= 100_000) seen.clear();
    seen.set(key, hit);
  }
  return hit;
}

/** The first local day of the period bucket a day falls in. */
export function bucketStart(day: string, period: StatisticPeriod): string {
  const d = DateTime.fromISO(day, { zone: 'utc' });
  const unit = period === 'daily' ? 'day' : period === 'weekly' ? 'week' : period === 'monthly' ? 'month' : 'year';
  return d.startOf(unit).toISODate()!;
}

/** Every bucket from `from` to `to` (local days), so a series has a point where nothing happened. */
export function bucketsBetween(from: string, to: string, period: StatisticPeriod): string[] {
  const unit = period === 'daily' ? 'days' : period === 'weekly' ? 'weeks' : period === 'monthly' ? 'months' : 'years';
  const out: string[] = [];
  let d = DateTime.fromISO(bucketStart(from, period), { zone: 'utc' });
  const end = DateTime.fromISO(to, { zone: 'utc' });
  while (d <= end && out.length < 5000) {
    out.push(d.toISODate()!);
    d = d.plus({ [unit]: 1 });
  }
  return out;
}

/**
 * The value at quantile q of a histogram given as bucket → count: the middle of the bucket
 * holding the q-th duration (the open last bucket answers its lower end).
 */
export function quantileOf(histogram: ReadonlyMap<number, number>, q: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen >= rank) return bucket >= DURATION_BUCKET_LAST ? bucket * DURATION_BUCKET_SECONDS : bucket * DURATION_BUCKET_SECONDS + DURATION_BUCKET_SECONDS / 2;
  }
  return null;
}

/** Mean from the exact sums, median and p90 from the buckets. */
export function durationFigures(count: number, total: number, histogram: ReadonlyMap<number, number>): DurationFigures {
  return {
    count,
    total_seconds: total,
    mean_seconds: count ? Math.round(total / count) : null,
    median_seconds: quantileOf(histogram, 0.5),
    p90_seconds: quantileOf(histogram, 0.9),
  };
}

/** a / b rounded to 4 places; 0 when nothing to divide. */
export const ratio = (a: number, b: number): number => (b ? Math.round((a / b) * 10000) / 10000 : 0);
