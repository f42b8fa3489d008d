import { IANAZone, DateTime } from 'luxon';
import { throwIfAny } from '@tabour/platform';
import { addError, TRANSLATION_LANGUAGES, WEEKDAYS, type FieldErrors, type Language, type Translation, type WorkingDay } from '@tabour/contracts';

// The lists and shapes are the contract's, shared with the web.
/** Languages a translation may be given in. */
export const LANGUAGES = TRANSLATION_LANGUAGES;
export { WEEKDAYS, type Language, type Translation, type WorkingDay };
export type { TimeRange, Weekday } from '@tabour/contracts';
export type WorkingDays = WorkingDay[];
export type Translations = Partial<Record<Language, Translation>>;

export const DEFAULT_TIME_ZONE = 'UTC';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(v: unknown): v is string {
  return typeof v === 'string' && HEX.test(v);
}

export function isTimeZone(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && IANAZone.isValidZone(v);
}

function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** JSON with object keys sorted: stored jsonb does not keep key order, so compare through this. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

export const sameJson = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

// The field errors' shape and helpers are the contract's; refusing them is the platform's.
export { addError, throwIfAny, type FieldErrors };

/**
 * A week of opening hours: each of the seven days once, an open day with one or more
 * ranges in order that do not overlap, a closed day with none. Returns the days in week order.
 */
export function checkWorkingDays(days: WorkingDays, errors: FieldErrors, field = 'working_days'): WorkingDays {
  if (!Array.isArray(days) || days.length !== 7) {
    addError(errors, field, 'Give each of the seven days of the week');
    return [];
  }
  const seen = new Set<string>();
  days.forEach((d, i) => {
    if (!WEEKDAYS.includes(d.day)) addError(errors, `${field}.${i}.day`, 'Select a valid day');
    else if (seen.has(d.day)) addError(errors, `${field}.${i}.day`, 'Each day may be given only once');
    seen.add(d.day);
    const ranges = d.ranges ?? [];
    if (d.open && ranges.length === 0) addError(errors, `${field}.${i}.ranges`, 'An open day needs at least one time range');
    let previousEnd = -1;
    ranges.forEach((r, j) => {
      const key = `${field}.${i}.ranges.${j}`;
      if (!HHMM.test(r.from ?? '') || !HHMM.test(r.to ?? '')) {
        addError(errors, key, 'Enter times as HH:mm');
        return;
      }
      const from = minutes(r.from);
      const to = minutes(r.to);
      if (to <= from) addError(errors, key, 'The end time must be after the start time');
      else if (from < previousEnd) addError(errors, key, 'Time ranges must be in order and must not overlap');
      previousEnd = Math.max(previousEnd, to);
    });
  });
  return WEEKDAYS.map((day) => {
    const d = days.find((x) => x.day === day);
    return { day, open: !!d?.open, ranges: d?.open ? (d.ranges ?? []).map((r) => ({ from: r.from, to: r.to })) : [] };
  });
}

export function checkTranslations(translations: Translations, errors: FieldErrors, field = 'translations'): Translations {
  const out: Translations = {};
  if (typeof translations !== 'object' || translations === null || Array.isArray(translations)) {
    addError(errors, field, 'Translations must map a language to a name and a description');
    return out;
  }
  for (const [lang, t] of Object.entries(translations)) {
    if (!LANGUAGES.includes(lang as Language)) {
      addError(errors, `${field}.${lang}`, `Select a valid language (${LANGUAGES.join(', ')})`);
      continue;
    }
    const name = typeof t?.name === 'string' ? t.name.trim() : '';
    if (!name) addError(errors, `${field}.${lang}.name`, 'The name is required');
    else if (name.length > 150) addError(errors, `${field}.${lang}.name`, 'The name may have at most 150 characters');
    const description = t?.description == null ? null : String(t.description);
    if (description && description.length > 2000) addError(errors, `${field}.${lang}.description`, 'The description may have at most 2000 characters');
    out[lang as Language] = { name, description };
  }
  return out;
}

/**
 * A calendar-day range in the business's zone as instants: from the first day's local
 * midnight to the local midnight after the last day. Never UTC midnight plus hours: a
 * daylight-saving change makes a local day 23 or 25 hours long.
 */
export function dayRangeInZone(startDate: string, endDate: string, zone: string): { starts_at: string; ends_at: string } | null {
  const start = DateTime.fromISO(startDate, { zone });
  const end = DateTime.fromISO(endDate, { zone });
  if (!start.isValid || !end.isValid) return null;
  return {
    starts_at: start.startOf('day').toUTC().toISO()!,
    ends_at: end.startOf('day').plus({ days: 1 }).toUTC().toISO()!,
  };
}

/** The local calendar day of an instant in the business's zone (YYYY-MM-DD). */
export function localDay(instant: Date | string, zone: string): string {
  const dt = typeof instant === 'string' ? DateTime.fromISO(instant, { zone: 'utc' }) : DateTime.fromJSDate(instant);
  return dt.setZone(zone).toISODate()!;
}

/** Whether an instant falls in the business's opening hours, read in its own zone. */
export function isOpenAt(days: WorkingDays, instant: Date, zone: string): boolean {
  const local = DateTime.fromJSDate(instant).setZone(zone);
  const day = days.find((d) => d.day === WEEKDAYS[local.weekday - 1]);
  if (!day?.open) return false;
  const m = local.hour * 60 + local.minute;
  return day.ranges.some((r) => m >= minutes(r.from) && m < minutes(r.to));
}
