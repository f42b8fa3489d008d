/**
 * The queues screens' shapes (as the API answers them) and the pure rules they share, kept
 * apart from React so they are tested without a browser.
 */
import { QUEUE_FLAGS, type Ticket } from '@tabour/contracts';

// The answers' shapes, the lists and the ticket's actions are the contract's, one definition with the API.
export {
  ARCHIVE_STATUSES,
  FINAL_ACTIONS,
  NUMBER_TYPES,
  QUEUE_FLAGS,
  ticketActions,
  waitMinutes,
  type Counter,
  type Queue,
  type Summary,
  type Ticket,
  type TicketAction,
  type TicketNote,
  type WaitingList,
} from '@tabour/contracts';

/** The fields a queue's create and update calls take; everything else a record carries stays out. */
export const QUEUE_FIELDS = [
  'name',
  'priority',
  'ticket_prefix',
  'number_start',
  'number_type',
  ...QUEUE_FLAGS,
  'service_ids',
  'department_ids',
  'member_ids',
  'working_days',
  'translations',
] as const;

/** Translations without a name are left out: a language is translated or it is not. */
export function cleanTranslations(t: unknown): Record<string, { name: string; description: string | null }> {
  const out: Record<string, { name: string; description: string | null }> = {};
  if (!t || typeof t !== 'object') return out;
  for (const [lang, v] of Object.entries(t as Record<string, { name?: unknown; description?: unknown }>)) {
    const name = typeof v?.name === 'string' ? v.name.trim() : '';
    if (!name) continue;
    const description = typeof v.description === 'string' && v.description.trim() ? v.description.trim() : null;
    out[lang] = { name, description };
  }
  return out;
}

/**
 * The body of a queue's create or update call from the form's values: only the queue's own
 * fields, numbers as numbers, translations cleaned, the counters (on create) named.
 */
export function queueBody(values: Record<string, unknown>, withCounters: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of QUEUE_FIELDS) {
    const v = values[k];
    if (v === undefined) continue;
    if (k === 'priority' || k === 'number_start') {
      if (v === null || v === '') continue;
      out[k] = Number(v);
    } else if (k === 'translations') out[k] = cleanTranslations(v);
    else if (k === 'ticket_prefix') out[k] = typeof v === 'string' ? v.trim() : '';
    else if (k === 'service_ids' || k === 'department_ids' || k === 'member_ids') out[k] = Array.isArray(v) ? v : [];
    else if (k === 'working_days') out[k] = Array.isArray(v) ? v : null;
    else out[k] = v;
  }
  if (withCounters) {
    const counters = Array.isArray(values.counters) ? (values.counters as { name?: unknown; break_minutes?: unknown }[]) : [];
    out.counters = counters
      .filter((c) => typeof c?.name === 'string' && c.name.trim())
      .map((c) => ({
        name: String(c.name).trim(),
        break_minutes: c.break_minutes === undefined || c.break_minutes === null || c.break_minutes === '' ? 0 : Number(c.break_minutes),
      }));
  }
  return out;
}

/** The archive's filter as the API takes it: strings, and no empty filter (an empty one is refused). */
export function archiveBody(page: number, perPage: number, f: { status?: string; from?: string; to?: string; q?: string }): Record<string, string> {
  const body: Record<string, string> = { page: String(page), per_page: String(perPage) };
  if (f.status) body.status = f.status;
  if (f.from) body.from = f.from;
  if (f.to) body.to = f.to;
  if (f.q?.trim()) body.q = f.q.trim();
  return body;
}

/** A day as YYYY-MM-DD on this computer's calendar. */
export function localDay(d: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/**
 * The day it is in the business's time zone, as tickets are dated (the archive's "restore"
 * is for today's tickets only); this computer's day when the zone is unknown.
 */
export function dayIn(timeZone: string | null | undefined, d: Date = new Date()): string {
  if (!timeZone) return localDay(d);
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
    const part = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return localDay(d);
  }
}

/** How many tickets each counter ended, from the archived tickets of a period. */
export function servedByCounter(tickets: Pick<Ticket, 'status' | 'counter_id'>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tickets) if (t.status === 'ended' && t.counter_id) out[t.counter_id] = (out[t.counter_id] ?? 0) + 1;
  return out;
}

/** A list moved by one item, as a drag shows it before the server confirms. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
