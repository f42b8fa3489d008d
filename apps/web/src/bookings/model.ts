/** Pure rules of the booking screens: tested without a browser. */
import { DateTime } from 'luxon';
import { BOOKING_REFUSALS, type Booking, type BookingRefusal, type BookingStatus, type DayStatus, type Resource, type WorkingDay } from '@tabour/contracts';

import type { Department, Member } from '@tabour/contracts';

export type { Department, Member };

/** The week (Monday to Sunday) holding a local date, in the business's zone. */
export function weekOf(date: string, zone: string): { from: string; to: string } {
  const d = DateTime.fromISO(date, { zone }).startOf('day');
  const monday = d.minus({ days: d.weekday - 1 });
  return { from: monday.toISODate()!, to: monday.plus({ days: 6 }).toISODate()! };
}

/** The local date `days` days after `date`. */
export const shiftDate = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate()!;

/** Today in the business's zone; the browser's own when the zone is unknown. */
export const todayIn = (zone: string | undefined, now: Date = new Date()) => DateTime.fromJSDate(now, { zone: zone || 'local' }).toISODate()!;

/**
 * A calendar range as FullCalendar gives it (ISO texts in the business's zone, end exclusive)
 * → the API's inclusive local dates.
 */
export function rangeOf(startStr: string, endStr: string): { from: string; to: string } {
  return { from: startStr.slice(0, 10), to: shiftDate(endStr.slice(0, 10), -1) };
}

/** Cancelled bookings leave the calendar; the rest show. */
export const SHOWN_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'checked_in', 'completed', 'no_show'];
/** Only bookings still ahead of their check-in may be dragged to another time. */
export const MOVABLE_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

const FALLBACK_COLOUR = '#1565c0';

/** WCAG relative luminance of a #rgb or #rrggbb colour; null when it is not one. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21), 1 when either is unreadable. */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour of an event: the department's own when it reads on its colour (WCAG AA, 4.5),
 * else black or white, whichever reads better, so a pale or mid-tone department stays legible.
 */
export function readableText(background: string, preferred: string | null | undefined): string {
  if (preferred && contrast(background, preferred) >= 4.5) return preferred;
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** A booking as a calendar event: coloured by its department, titled by its customer. */
export function eventOf(b: Booking, departments: Record<string, Department>, untitled: string) {
  const dep = departments[b.department_id];
  const colour = dep?.primary_color || FALLBACK_COLOUR;
  return {
    id: b.id,
    title: [b.customer_name || untitled, dep?.name].filter(Boolean).join(' · '),
    start: b.starts_at,
    end: b.ends_at,
    backgroundColor: colour,
    borderColor: colour,
    textColor: readableText(colour, dep?.text_color),
    editable: MOVABLE_STATUSES.includes(b.status),
    classNames: [`booking-${b.status}`],
  };
}

/** The day's reason key: why it has no slot, or that it has some. */
export const reasonKey = (status: DayStatus) => `bookings.availability.reasons.${status}`;

const DAY_REFUSALS: readonly DayStatus[] = ['full', 'holiday', 'closed', 'beyond_limit', 'daily_limit'];

/**
 * What a refused booking says, in the user's language: the catalogue's text for the API's
 * refusal code (`slot_<refusal>` of the availability engine, `booking_closed`), else the
 * server's own message.
 */
export function refusalText(error: unknown): string {
  const e = error as { body?: { code?: unknown }; message?: unknown } | null;
  const code = typeof e?.body?.code === 'string' ? e.body.code : '';
  if (isBookingRefusal(code)) {
    const refusal = code.replace(/^slot_/, '');
    return (DAY_REFUSALS as readonly string[]).includes(refusal) ? reasonKey(refusal as DayStatus) : `bookings.availability.refusals.${refusal}`;
  }
  return typeof e?.message === 'string' && e.message ? e.message : 'app.errors.internal';
}

const isBookingRefusal = (code: string): code is BookingRefusal => (BOOKING_REFUSALS as readonly string[]).includes(code);

/**
 * The rooms and equipment the dialog offers: the active ones of the department (one of no
 * department belongs to all), and those the booking already holds, even since deactivated.
 */
export const offeredResources = (resources: Resource[] | undefined, departmentId: string | null | undefined, held: readonly string[] = []) =>
  (resources ?? []).filter((r) => held.includes(r.id) || (!!departmentId && r.active && (!r.department_ids.length || r.department_ids.includes(departmentId))));

/** The team members a booking in this department may name: its bookable members. */
export const bookableMembers = (members: Member[] | undefined, departmentId: string | null | undefined) =>
  (members ?? []).filter((m) => !!departmentId && m.department_id === departmentId && m.is_bookable !== false);

/**
 * The hours the day and week views show: from the earliest opening to the latest closing of the
 * business's working days (whole hours), so the grid is not mostly night; every hour when unknown.
 */
export function visibleHours(days: WorkingDay[] | null | undefined): { min: string; max: string } {
  const ranges = (days ?? []).filter((d) => d.open).flatMap((d) => d.ranges);
  if (!ranges.length) return { min: '00:00:00', max: '24:00:00' };
  const hour = (t: string) => Number(t.slice(0, 2)) + (Number(t.slice(3, 5)) > 0 ? 1 : 0);
  const min = Math.min(...ranges.map((r) => Number(r.from.slice(0, 2))));
  const max = Math.max(...ranges.map((r) => hour(r.to === '00:00' ? '24:00' : r.to)));
  const pad = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return max > min ? { min: pad(min), max: pad(Math.min(max, 24)) } : { min: '00:00:00', max: '24:00:00' };
}

const DAY_NUMBER: Record<string, number> = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 };

/** The business's opening hours as FullCalendar's `businessHours`: the rest of the grid is shaded. */
export function businessHoursOf(days: WorkingDay[] | null | undefined): { daysOfWeek: number[]; startTime: string; endTime: string }[] | false {
  if (!days?.length) return false;
  return days
    .filter((d) => d.open)
    .flatMap((d) => d.ranges.map((r) => ({ daysOfWeek: [DAY_NUMBER[d.day]], startTime: r.from, endTime: r.to === '00:00' ? '24:00' : r.to })));
}
