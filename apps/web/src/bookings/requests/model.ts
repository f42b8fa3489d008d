/** The requests screen's rules: pure, tested without a browser. */
import type { BookingInput, BookingRequest } from '@tabour/contracts';

/** Pending requests first (they await someone), then the decided ones, each group newest first. */
export function pendingFirst<T extends Pick<BookingRequest, 'status' | 'created_at'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => {
    const rank = Number(a.status !== 'pending') - Number(b.status !== 'pending');
    return rank !== 0 ? rank : String(b.created_at).localeCompare(String(a.created_at));
  });
}

/** What an approval changes of the request: only the fields staff altered, none when they took it as asked. */
export function approvalChanges(
  asked: Pick<BookingInput, 'starts_at' | 'member_id' | 'service_ids'>,
  chosen: { starts_at: string; member_id: string | null; service_ids: string[] },
): Partial<BookingInput> | undefined {
  const out: Partial<BookingInput> = {};
  if (chosen.starts_at && Date.parse(chosen.starts_at) !== Date.parse(asked.starts_at)) out.starts_at = chosen.starts_at;
  if ((chosen.member_id ?? null) !== (asked.member_id ?? null)) out.member_id = chosen.member_id;
  const before = [...(asked.service_ids ?? [])].sort().join(',');
  if ([...chosen.service_ids].sort().join(',') !== before) out.service_ids = chosen.service_ids;
  return Object.keys(out).length ? out : undefined;
}

/** Who decided: a rule (named) or staff; nothing while pending. */
export function decisionKey(r: Pick<BookingRequest, 'decision'>): { key: string; name?: string } | null {
  if (!r.decision) return null;
  return r.decision.rule_id ? { key: 'bookings.requests.by_rule', name: r.decision.rule_name ?? '' } : { key: 'bookings.requests.by_staff' };
}

/** The booking requests' streams are `bookingrequest-<id>`: any notice of one changes the list. */
export const REQUEST_STREAM_PREFIX = 'bookingrequest-';

export function isRequestNotice(notice: unknown): boolean {
  const key = (notice as { key?: unknown } | null)?.key;
  return typeof key === 'string' && key.startsWith(REQUEST_STREAM_PREFIX);
}

/** Monday of the week of a YYYY-MM-DD date (the slot picker shows a week). */
export function weekStart(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * An instant in the interface's language, date and time without seconds, on the business's
 * clock (the slots and the bookings table speak it too) once its zone is known.
 */
export function when(iso: string | null | undefined, locale: string, timeZone?: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
}

/** The reason worth showing under the decision: a rule's own name as its reason says nothing more. */
export function shownReason(r: Pick<BookingRequest, 'decision'>): string | null {
  const d = r.decision;
  if (!d?.reason) return null;
  return d.rule_id && d.reason === d.rule_name ? null : d.reason;
}
