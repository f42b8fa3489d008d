import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useRecordContext } from 'react-admin';
import { businessCalls } from '../data/business';

/**
 * Dates, times and numbers as the interface language writes them, in the business's time zone:
 * one helper for every screen, so an Arabic interface never shows "11/24/2026, 1:25:06 AM" and a
 * receptionist abroad sees the times of the counter, not of their laptop.
 */
export type WhenStyle = 'datetime' | 'date' | 'time';

const STYLES: Record<WhenStyle, Intl.DateTimeFormatOptions> = {
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
};

/** An instant (ISO text, Date or epoch) in `locale` and `timeZone`; '' for nothing or nonsense. */
export function formatInstant(value: unknown, locale: string, timeZone?: string | null, style: WhenStyle = 'datetime'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { ...STYLES[style], ...(timeZone ? { timeZone } : {}) }).format(d);
  } catch {
    // an unknown zone name: the browser's own zone rather than nothing
    return new Intl.DateTimeFormat(locale, STYLES[style]).format(d);
  }
}

/** A calendar day (YYYY-MM-DD, a birthday or a holiday): the same day in every zone. */
export function formatDay(value: unknown, locale: string): string {
  if (typeof value !== 'string') return formatInstant(value, locale, 'UTC', 'date');
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return formatInstant(value, locale, null, 'date');
  return formatInstant(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12), locale, 'UTC', 'date');
}

/** A time of day on the business's clock ("HH:mm", a booking's slot), written as the language writes times. */
export function formatClock(value: unknown, locale: string): string {
  const m = typeof value === 'string' ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  if (!m) return typeof value === 'string' ? value : '';
  return formatInstant(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])), locale, 'UTC', 'time');
}

export function formatNumber(value: number | null | undefined, locale: string, options?: Intl.NumberFormatOptions): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : new Intl.NumberFormat(locale, options).format(value);
}

/** The business's time zone (its information is open to every role); undefined until known. */
export function useBusinessZone(): string | undefined {
  const info = useQuery({
    queryKey: ['business', 'info'],
    queryFn: businessCalls.businessInfo,
    staleTime: 60_000,
  });
  return info.data?.time_zone || undefined;
}

/** The formatters of the current language and the business's zone. */
export function useFormat() {
  const [locale] = useLocaleState();
  const zone = useBusinessZone();
  return {
    locale,
    zone,
    when: (value: unknown, style: WhenStyle = 'datetime') => formatInstant(value, locale, zone, style),
    day: (value: unknown) => formatDay(value, locale),
    clock: (value: unknown) => formatClock(value, locale),
    number: (value: number | null | undefined, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
  };
}

/** An instant shown in the interface language and the business's zone. */
export function When({ value, style = 'datetime', empty = '—' }: { value: unknown; style?: WhenStyle; empty?: string }) {
  const f = useFormat();
  const text = f.when(value, style);
  return <>{text || empty}</>;
}

/** A react-admin field in place of DateField: the record's instant (or, `day`, calendar day) formatted by the helper. */
export function WhenField({
  source,
  style = 'datetime',
  day = false,
  emptyText = '—',
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  style?: WhenStyle;
  day?: boolean;
  emptyText?: string;
}) {
  const record = useRecordContext();
  const f = useFormat();
  const value = record?.[source];
  const text = day ? f.day(value) : f.when(value, style);
  return <span>{text || emptyText}</span>;
}

/**
 * The input of a phone number or an e-mail: written left to right in an Arabic form too, so
 * "+216 71 000 000" never reads "000 000 71 216+".
 */
export const LTR_INPUT = { dir: 'ltr' } as const;
