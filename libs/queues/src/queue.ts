import { Map as IMap } from 'immutable';
import type { Decider } from '@tabour/eventstore';
import { conflict, DomainError, forbidden, invalid, notFound } from '@tabour/platform';
import { estimateWait, smooth } from './estimate';
import { checkSettings, QueueSettings, RANDOM_SPAN } from './settings';

export const queueStream = (id: string) => `queue-${id}`;

export type TicketStatus = 'waiting' | 'in_service' | 'on_hold';
/** How a ticket left the live list for the archive. */
export type ArchiveStatus = 'ended' | 'no_show' | 'absent' | 'revoked' | 'closed_at_day_end' | 'redirected';

/** A ticket of the day as the queue knows it; its rank is its place in `waiting`. */
export interface Ticket {
  id: string;
  uid: string;
  number: number;
  label: string;
  day: string;
  status: TicketStatus;
  urgent: boolean;
  service_ids: string[];
  member_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  counter_id: string | null;
  checked_in_at: string;
  called_at: string | null;
  /** The time the staff expects to spend with the customer, when set at the counter. */
  service_seconds: number | null;
  late: boolean;
}

export interface Counter {
  id: string;
  name: string;
  break_minutes: number;
  service_ids: string[];
  open: boolean;
  held_by: string | null;
  serving: string | null;
}

export interface QueueState {
  status: 'none' | 'active' | 'deleted';
  queue_id: string;
  business_id: string;
  settings: QueueSettings | null;
  paused: boolean;
  delay_seconds: number;
  /** The business-local day the numbers below belong to. */
  day: string | null;
  last_number: number;
  used_numbers: number[];
  counters: Record<string, Counter>;
  /**
   * The live tickets by id, a persistent map: each event changes one entry while sharing the
   * rest, so a list of a thousand is not copied on every call (as a plain object would be).
   */
  tickets: IMap<string, Ticket>;
  /** Waiting tickets in rank order: rank = index + 1, so ranks have no holes by construction. */
  waiting: string[];
  /** Smoothed service time per service id ('*' for tickets without a service), in seconds. */
  service_time: Record<string, number>;
  /** How many waiting tickets are urgent: with none, call next takes the first it may serve without reading the rest. */
  urgent_waiting: number;
}

type Ids = { queue_id: string; business_id: string };
type Left = Ids & { ticket_id: string; from_rank: number | null; counter_id: string | null; at: string };

export type QueueEvent =
  | { type: 'QueueCreated'; data: Ids & { settings: QueueSettings } }
  | { type: 'QueueUpdated'; data: Ids & { changes: Partial<QueueSettings> } }
  | { type: 'QueueDeleted'; data: Ids }
  | { type: 'QueuePaused'; data: Ids }
  | { type: 'QueueResumed'; data: Ids }
  | { type: 'QueueDelayed'; data: Ids & { delay_seconds: number } }
  | { type: 'CounterCreated'; data: Ids & { counter_id: string; name: string; break_minutes: number; service_ids: string[] } }
  | { type: 'CounterUpdated'; data: Ids & { counter_id: string; changes: Partial<Pick<Counter, 'name' | 'break_minutes' | 'service_ids'>> } }
  | { type: 'CounterDeleted'; data: Ids & { counter_id: string } }
  | { type: 'CounterOpened'; data: Ids & { counter_id: string; member_id: string } }
  | { type: 'CounterClosed'; data: Ids & { counter_id: string; member_id: string | null } }
  | { type: 'TicketPushed'; data: Ids & { ticket: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>; rank: number; estimated_wait_seconds: number } }
  | { type: 'TicketRedirectedIn'; data: Ids & { ticket: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>; rank: number; from_queue_id: string; estimated_wait_seconds: number } }
  | { type: 'TicketRestored'; data: Ids & { ticket: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>; rank: number } }
  | { type: 'TicketCalled'; data: Ids & { ticket_id: string; counter_id: string; member_id: string; from_rank: number; at: string; waited_seconds: number } }
  | { type: 'TicketReturnedToWaiting'; data: Ids & { ticket_id: string; to_rank: number; counter_id: string | null; reason: 'counter_closed' | 'pushed_back' | 'recalled' } }
  | { type: 'TicketMoved'; data: Ids & { ticket_id: string; from_rank: number; to_rank: number; reason: 'moved' | 'pushed_back' | 'late' } }
  | { type: 'TicketsSwapped'; data: Ids & { ticket_1: string; ticket_2: string; rank_1: number; rank_2: number } }
  | { type: 'TicketHeld'; data: Ids & { ticket_id: string; from_rank: number | null; counter_id: string | null } }
  | { type: 'TicketEnded'; data: Left & { service_id: string | null; served_seconds: number; /** The service's smoothed time after this visit (absent on older events). */ smoothed_seconds?: number } }
  | { type: 'TicketMarkedNoShow'; data: Left }
  | { type: 'TicketMarkedAbsent'; data: Left }
  | { type: 'TicketRevoked'; data: Left & { by: 'staff' | 'customer' | 'system' } }
  | { type: 'TicketClosedAtDayEnd'; data: Left & { status_was: TicketStatus } }
  | { type: 'TicketRedirectedOut'; data: Left & { to_queue_id: string } }
  | { type: 'TicketUrgencyChanged'; data: Ids & { ticket_id: string; urgent: boolean } }
  | { type: 'TicketNoteAdded'; data: Ids & { ticket_id: string; note_type_id: string | null; text: string; at: string; by: string | null } }
  | { type: 'TicketMemberChanged'; data: Ids & { ticket_id: string; member_id: string | null } }
  | { type: 'TicketServiceTimeChanged'; data: Ids & { ticket_id: string; service_seconds: number } };

export const QUEUE_EVENT_TYPES = [
  'QueueCreated', 'QueueUpdated', 'QueueDeleted', 'QueuePaused', 'QueueResumed', 'QueueDelayed',
  'CounterCreated', 'CounterUpdated', 'CounterDeleted', 'CounterOpened', 'CounterClosed',
  'TicketPushed', 'TicketRedirectedIn', 'TicketRestored', 'TicketCalled', 'TicketReturnedToWaiting', 'TicketMoved', 'TicketsSwapped', 'TicketHeld',
  'TicketEnded', 'TicketMarkedNoShow', 'TicketMarkedAbsent', 'TicketRevoked', 'TicketClosedAtDayEnd', 'TicketRedirectedOut',
  'TicketUrgencyChanged', 'TicketNoteAdded', 'TicketMemberChanged', 'TicketServiceTimeChanged',
] as const;

/** Events that take a ticket off the live list into the archive, with the status it is archived in. */
export const LEAVING: Record<string, ArchiveStatus> = {
  TicketEnded: 'ended',
  TicketMarkedNoShow: 'no_show',
  TicketMarkedAbsent: 'absent',
  TicketRevoked: 'revoked',
  TicketClosedAtDayEnd: 'closed_at_day_end',
  TicketRedirectedOut: 'redirected',
};

export interface NewTicket {
  ticket_id: string;
  uid: string;
  service_ids: string[];
  member_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  urgent: boolean;
}

/** Every command names the queue and the caller's business; `at` and `day` come from the clock, so decide stays pure. */
type Base = { queue_id: string; business_id: string };
type Clock = { at: string; day: string };
export type QueueCommand =
  | (Base & { type: 'CreateQueue'; settings: QueueSettings })
  | (Base & { type: 'UpdateQueue'; changes: Partial<QueueSettings> })
  | (Base & { type: 'DeleteQueue' })
  | (Base & { type: 'PauseQueue' })
  | (Base & { type: 'ResumeQueue' })
  | (Base & { type: 'DelayQueue'; hours: number; minutes: number })
  | (Base & { type: 'CreateCounter'; counter_id: string; name: string; break_minutes: number; service_ids: string[] })
  | (Base & { type: 'UpdateCounter'; counter_id: string; changes: Partial<Pick<Counter, 'name' | 'break_minutes' | 'service_ids'>> })
  | (Base & { type: 'DeleteCounter'; counter_id: string })
  | (Base & { type: 'OpenCounter'; counter_id: string; member_id: string })
  | (Base & { type: 'CloseCounter'; counter_id: string })
  | (Base & Clock & { type: 'PushTicket'; ticket: NewTicket; random: number })
  | (Base & Clock & { type: 'CallNext'; counter_id: string; member_id: string })
  | (Base & Clock & { type: 'EndTicket'; ticket_id: string })
  | (Base & Clock & { type: 'MarkNoShow'; ticket_id: string })
  | (Base & Clock & { type: 'MarkAbsent'; ticket_id: string })
  | (Base & Clock & { type: 'RevokeTicket'; ticket_id: string; by: 'staff' | 'customer' | 'system' })
  | (Base & { type: 'PushBack'; ticket_id: string })
  | (Base & { type: 'RunningLate'; ticket_id: string; places: number })
  | (Base & { type: 'SwapTickets'; ticket_1: string; ticket_2: string })
  | (Base & { type: 'MoveTicket'; ticket_id: string; from_rank: number; to_rank: number })
  | (Base & { type: 'HoldTicket'; ticket_id: string })
  | (Base & { type: 'RecallTicket'; ticket_id: string })
  | (Base & { type: 'SetUrgent'; ticket_id: string; urgent: boolean })
  | (Base & Clock & { type: 'AddNote'; ticket_id: string; note_type_id: string | null; text: string; by: string | null })
  | (Base & { type: 'ChangeMember'; ticket_id: string; member_id: string | null })
  | (Base & Clock & { type: 'ChangeServiceTime'; ticket_id: string; service_seconds: number })
  | (Base & Clock & { type: 'RedirectOut'; ticket_id: string; to_queue_id: string })
  | (Base & Clock & { type: 'RedirectIn'; ticket: Ticket; from_queue_id: string; keep_number: boolean; random: number })
  | (Base & { type: 'RestoreTicket'; ticket: Omit<Ticket, 'status' | 'counter_id' | 'called_at'> })
  | (Base & Clock & { type: 'CloseDay' })
  | (Base & Clock & { type: 'CloseDamagedTicket'; ticket_id: string });

export const initialQueueState = (): QueueState => ({
  status: 'none',
  queue_id: '',
  business_id: '',
  settings: null,
  paused: false,
  delay_seconds: 0,
  day: null,
  last_number: 0,
  used_numbers: [],
  counters: {},
  tickets: IMap<string, Ticket>(),
  waiting: [],
  service_time: {},
  urgent_waiting: 0,
});

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
const unprocessable = (message: string, field: string) => invalid(message, { [field]: [message] }, 'invalid_state');

function ticketOf(state: QueueState, id: string): Ticket {
  const t = state.tickets.get(id);
  if (!t) throw notFound('Ticket not found');
  return t;
}

function counterOf(state: QueueState, id: string): Counter {
  const c = state.counters[id];
  if (!c) throw notFound('Counter not found');
  return c;
}

const rankOf = (state: QueueState, id: string): number | null => {
  const i = state.waiting.indexOf(id);
  return i < 0 ? null : i + 1;
};

/** The next number of the day: numbering restarts when the business-local day changes. */
function nextNumber(state: QueueState, day: string, random: number): number {
  const s = state.settings!;
  const sameDay = state.day === day;
  if (s.number_type === 'incremental') return sameDay ? Math.max(state.last_number + 1, s.number_start) : s.number_start;
  const used = new Set(sameDay ? state.used_numbers : []);
  if (used.size >= RANDOM_SPAN) throw conflict('No ticket number is left for today', 'numbers_exhausted');
  // A random start, then the next free one: every number is given at most once a day.
  let n = Math.floor(Math.max(0, Math.min(0.999999, random)) * RANDOM_SPAN);
  while (used.has(s.number_start + n)) n = (n + 1) % RANDOM_SPAN;
  return s.number_start + n;
}

function openCounters(state: QueueState): number {
  return Object.values(state.counters).filter((c) => c.open).length;
}

/** Whether a counter may serve a ticket: the member asked for, and a service the counter offers. */
function fits(counter: Counter, t: Ticket): boolean {
  if (t.member_id && t.member_id !== counter.held_by) return false;
  if (counter.service_ids.length && t.service_ids.length && !t.service_ids.some((s) => counter.service_ids.includes(s))) return false;
  return true;
}

function leaving(state: QueueState, ids: Base, t: Ticket, at: string): Left {
  return { ...ids, ticket_id: t.id, from_rank: rankOf(state, t.id), counter_id: t.counter_id, at };
}

export function waitEstimate(state: QueueState, rank: number, serviceIds: string[]): number {
  return estimateWait({ rank, open_counters: openCounters(state), service_time: state.service_time, service_ids: serviceIds, delay_seconds: state.delay_seconds });
}

function decide(command: QueueCommand, state: QueueState): QueueEvent[] {
  const ids: Ids = { queue_id: command.queue_id, business_id: command.business_id };
  if (command.type === 'CreateQueue') {
    if (state.status !== 'none') return [];
    return [{ type: 'QueueCreated', data: { ...ids, settings: checkSettings(command.settings) } }];
  }
  // Another business's queue answers exactly like a missing one.
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  // Read only by the few commands that look at every ticket: the list can hold a thousand.
  const live = () => [...state.tickets.values()];
  switch (command.type) {
    case 'UpdateQueue': {
      const next = checkSettings({ ...state.settings!, ...command.changes });
      const changes: Partial<QueueSettings> = {};
      for (const k of Object.keys(command.changes) as (keyof QueueSettings)[]) {
        if (JSON.stringify(next[k]) !== JSON.stringify(state.settings![k])) (changes as Record<string, unknown>)[k] = next[k];
      }
      return Object.keys(changes).length ? [{ type: 'QueueUpdated', data: { ...ids, changes } }] : [];
    }
    case 'DeleteQueue':
      if (live().length) throw conflict('The queue still has tickets: end or redirect them first', 'queue_not_empty');
      return [{ type: 'QueueDeleted', data: ids }];
    case 'PauseQueue':
      return state.paused ? [] : [{ type: 'QueuePaused', data: ids }];
    case 'ResumeQueue':
      return state.paused ? [{ type: 'QueueResumed', data: ids }] : [];
    case 'DelayQueue': {
      const delay = command.hours * 3600 + command.minutes * 60;
      if (!Number.isInteger(delay) || delay < 0 || delay > 24 * 3600) throw unprocessable('The delay must be from 0 to 24 hours', 'minutes');
      return delay === state.delay_seconds ? [] : [{ type: 'QueueDelayed', data: { ...ids, delay_seconds: delay } }];
    }
    case 'CreateCounter': {
      if (state.counters[command.counter_id]) return [];
      const name = command.name.trim();
      if (!name) throw unprocessable('The name is required', 'name');
      if (Object.values(state.counters).some((c) => c.name.toLowerCase() === name.toLowerCase())) throw unprocessable('A counter of this queue already has this name', 'name');
      return [{ type: 'CounterCreated', data: { ...ids, counter_id: command.counter_id, name, break_minutes: command.break_minutes, service_ids: command.service_ids } }];
    }
    case 'UpdateCounter': {
      const c = counterOf(state, command.counter_id);
      const changes = { ...command.changes };
      if (changes.name !== undefined) {
        changes.name = changes.name.trim();
        if (!changes.name) throw unprocessable('The name is required', 'name');
        if (Object.values(state.counters).some((o) => o.id !== c.id && o.name.toLowerCase() === changes.name!.toLowerCase())) throw unprocessable('A counter of this queue already has this name', 'name');
      }
      const diff = Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify((c as unknown as Record<string, unknown>)[k])));
      return Object.keys(diff).length ? [{ type: 'CounterUpdated', data: { ...ids, counter_id: c.id, changes: diff } }] : [];
    }
    case 'DeleteCounter': {
      const c = counterOf(state, command.counter_id);
      if (c.open) throw conflict('Close the counter before deleting it', 'counter_open');
      return [{ type: 'CounterDeleted', data: { ...ids, counter_id: c.id } }];
    }
    case 'OpenCounter': {
      const c = counterOf(state, command.counter_id);
      if (c.open) throw conflict('Cannot open counter', 'counter_already_open');
      // Within the queue here; across the business's queues the append's unique index refuses it.
      if (Object.values(state.counters).some((o) => o.open && o.held_by === command.member_id)) throw conflict('Cannot open counter', 'member_holds_counter');
      return [{ type: 'CounterOpened', data: { ...ids, counter_id: c.id, member_id: command.member_id } }];
    }
    case 'CloseCounter': {
      const c = counterOf(state, command.counter_id);
      if (!c.open) return [];
      const events: QueueEvent[] = [];
      // The customer at the counter is not lost: back to the head of the waiting list.
      if (c.serving) events.push({ type: 'TicketReturnedToWaiting', data: { ...ids, ticket_id: c.serving, to_rank: 1, counter_id: c.id, reason: 'counter_closed' } });
      events.push({ type: 'CounterClosed', data: { ...ids, counter_id: c.id, member_id: c.held_by } });
      return events;
    }
    case 'PushTicket': {
      if (state.tickets.has(command.ticket.ticket_id)) return [];
      // One live ticket per customer and queue: a second join is a mistake, not a second visit.
      const customer = command.ticket.customer_id;
      if (customer && live().some((t) => t.customer_id === customer)) throw conflict('Could not join the requested queue, you may already be waiting in the queue!', 'already_waiting');
      const number = nextNumber(state, command.day, command.random);
      const rank = state.waiting.length + 1;
      const t = command.ticket;
      return [
        {
          type: 'TicketPushed',
          data: {
            ...ids,
            ticket: {
              id: t.ticket_id, uid: t.uid, number, label: `${state.settings!.ticket_prefix}${number}`, day: command.day, urgent: t.urgent, service_ids: t.service_ids,
              member_id: t.member_id, customer_id: t.customer_id, customer_name: t.customer_name, checked_in_at: command.at, service_seconds: null, late: false,
            },
            rank,
            estimated_wait_seconds: waitEstimate(state, rank, t.service_ids),
          },
        },
      ];
    }
    case 'CallNext': {
      if (state.paused) throw conflict('The queue is paused', 'queue_paused');
      const c = counterOf(state, command.counter_id);
      if (!c.open) throw unprocessable('Open the counter first', 'counter_id');
      if (c.held_by !== command.member_id) throw conflict('This counter is held by another member', 'counter_held');
      // The first urgent ticket the counter may serve, else the first it may serve at all.
      let next: Ticket | undefined;
      let first: Ticket | undefined;
      for (const id of state.waiting) {
        const t = state.tickets.get(id)!;
        if (!fits(c, t)) continue;
        if (t.urgent) {
          next = t;
          break;
        }
        first ??= t;
        if (!state.urgent_waiting) break;
      }
      next ??= first;
      const events: QueueEvent[] = [];
      // Calling the next customer ends the one still at the counter.
      if (c.serving) events.push(ended(state, ids, state.tickets.get(c.serving)!, command.at));
      if (!next) {
        if (events.length) return events;
        throw unprocessable('No ticket is waiting for this counter', 'counter_id');
      }
      events.push({
        type: 'TicketCalled',
        data: { ...ids, ticket_id: next.id, counter_id: c.id, member_id: command.member_id, from_rank: rankOf(state, next.id)!, at: command.at, waited_seconds: seconds(next.checked_in_at, command.at) },
      });
      return events;
    }
    case 'EndTicket': {
      const t = ticketOf(state, command.ticket_id);
      if (t.status !== 'in_service') throw unprocessable('Only a ticket in service can be ended', 'ticket_id');
      return [ended(state, ids, t, command.at)];
    }
    case 'MarkNoShow':
      return [{ type: 'TicketMarkedNoShow', data: leaving(state, ids, ticketOf(state, command.ticket_id), command.at) }];
    case 'MarkAbsent':
      return [{ type: 'TicketMarkedAbsent', data: leaving(state, ids, ticketOf(state, command.ticket_id), command.at) }];
    case 'RevokeTicket':
      return [{ type: 'TicketRevoked', data: { ...leaving(state, ids, ticketOf(state, command.ticket_id), command.at), by: command.by } }];
    case 'PushBack': {
      const t = ticketOf(state, command.ticket_id);
      if (t.status === 'waiting') {
        const from = rankOf(state, t.id)!;
        const to = state.waiting.length;
        return from === to ? [] : [{ type: 'TicketMoved', data: { ...ids, ticket_id: t.id, from_rank: from, to_rank: to, reason: 'pushed_back' } }];
      }
      if (t.status === 'on_hold') throw unprocessable('Recall the ticket first', 'ticket_id');
      return [{ type: 'TicketReturnedToWaiting', data: { ...ids, ticket_id: t.id, to_rank: state.waiting.length + 1, counter_id: t.counter_id, reason: 'pushed_back' } }];
    }
    case 'RunningLate': {
      const t = ticketOf(state, command.ticket_id);
      if (t.status !== 'waiting') throw unprocessable('Only a waiting ticket can be moved back', 'ticket_id');
      const from = rankOf(state, t.id)!;
      const to = Math.min(state.waiting.length, from + Math.max(1, command.places));
      if (t.late && from === to) return [];
      return [{ type: 'TicketMoved', data: { ...ids, ticket_id: t.id, from_rank: from, to_rank: to, reason: 'late' } }];
    }
    case 'SwapTickets': {
      const a = ticketOf(state, command.ticket_1);
      const b = ticketOf(state, command.ticket_2);
      if (a.status !== 'waiting' || b.status !== 'waiting') throw unprocessable('Only waiting tickets can be swapped', 'customer_2');
      if (a.id === b.id) return [];
      return [{ type: 'TicketsSwapped', data: { ...ids, ticket_1: a.id, ticket_2: b.id, rank_1: rankOf(state, a.id)!, rank_2: rankOf(state, b.id)! } }];
    }
    case 'MoveTicket': {
      const t = ticketOf(state, command.ticket_id);
      const from = rankOf(state, t.id);
      if (from === null) throw unprocessable('Only a waiting ticket can be moved', 'ticket_id');
      // The screen states where it saw the ticket: a list changed meanwhile is refused, not guessed.
      if (from !== command.from_rank) throw conflict('The waiting list changed: reload it and try again', 'stale_rank');
      if (!Number.isInteger(command.to_rank) || command.to_rank < 1 || command.to_rank > state.waiting.length) throw unprocessable(`The new rank must be from 1 to ${state.waiting.length}`, 'new');
      return from === command.to_rank ? [] : [{ type: 'TicketMoved', data: { ...ids, ticket_id: t.id, from_rank: from, to_rank: command.to_rank, reason: 'moved' } }];
    }
    case 'HoldTicket': {
      if (!state.settings!.on_hold_enabled) throw unprocessable('The on-hold feature is off for this queue', 'ticket_id');
      const t = ticketOf(state, command.ticket_id);
      if (t.status === 'on_hold') return [];
      return [{ type: 'TicketHeld', data: { ...ids, ticket_id: t.id, from_rank: rankOf(state, t.id), counter_id: t.counter_id } }];
    }
    case 'RecallTicket': {
      const t = ticketOf(state, command.ticket_id);
      if (t.status !== 'on_hold') throw unprocessable('Only a ticket on hold can be recalled', 'ticket_id');
      return [{ type: 'TicketReturnedToWaiting', data: { ...ids, ticket_id: t.id, to_rank: 1, counter_id: null, reason: 'recalled' } }];
    }
    case 'SetUrgent': {
      const t = ticketOf(state, command.ticket_id);
      return t.urgent === command.urgent ? [] : [{ type: 'TicketUrgencyChanged', data: { ...ids, ticket_id: t.id, urgent: command.urgent } }];
    }
    case 'AddNote': {
      const t = ticketOf(state, command.ticket_id);
      const text = command.text.trim();
      if (!text) throw unprocessable('The note is required', 'note');
      return [{ type: 'TicketNoteAdded', data: { ...ids, ticket_id: t.id, note_type_id: command.note_type_id, text, at: command.at, by: command.by } }];
    }
    case 'ChangeMember': {
      const t = ticketOf(state, command.ticket_id);
      if (t.status === 'in_service') throw unprocessable('The ticket is already at a counter', 'member_id');
      return t.member_id === command.member_id ? [] : [{ type: 'TicketMemberChanged', data: { ...ids, ticket_id: t.id, member_id: command.member_id } }];
    }
    case 'ChangeServiceTime': {
      const t = ticketOf(state, command.ticket_id);
      if (t.status !== 'in_service') throw unprocessable('Only a ticket in service has a service time', 'duration');
      const spent = seconds(t.called_at!, command.at);
      const estimated = Math.max(spent, t.service_seconds ?? serviceTime(state, t.service_ids));
      if (command.service_seconds <= estimated) throw unprocessable('New Service Time must be higher than the estimated time to spend', 'duration');
      return [{ type: 'TicketServiceTimeChanged', data: { ...ids, ticket_id: t.id, service_seconds: command.service_seconds } }];
    }
    case 'RedirectOut': {
      const t = ticketOf(state, command.ticket_id);
      if (command.to_queue_id === command.queue_id) throw unprocessable('Select another queue', 'target_id');
      return [{ type: 'TicketRedirectedOut', data: { ...leaving(state, ids, t, command.at), to_queue_id: command.to_queue_id } }];
    }
    case 'RedirectIn': {
      if (state.tickets.has(command.ticket.id)) return [];
      if (state.paused) throw conflict('The queue is paused', 'queue_paused');
      const number = command.keep_number && !(state.day === command.day && state.used_numbers.includes(command.ticket.number)) ? command.ticket.number : nextNumber(state, command.day, command.random);
      const label = command.keep_number ? command.ticket.label.replace(/\d+$/, String(number)) : `${state.settings!.ticket_prefix}${number}`;
      const { status: _s, counter_id: _c, called_at: _a, ...rest } = command.ticket;
      const rank = state.waiting.length + 1;
      return [
        {
          type: 'TicketRedirectedIn',
          data: { ...ids, ticket: { ...rest, number, label, day: command.day }, rank, from_queue_id: command.from_queue_id, estimated_wait_seconds: waitEstimate(state, rank, rest.service_ids) },
        },
      ];
    }
    case 'RestoreTicket': {
      if (state.tickets.has(command.ticket.id)) throw conflict('The ticket is already in the queue', 'ticket_live');
      return [{ type: 'TicketRestored', data: { ...ids, ticket: command.ticket, rank: state.waiting.length + 1 } }];
    }
    case 'CloseDay': {
      // Tickets of an earlier day still open are closed; today's stay. Highest rank first, so
      // each event's from_rank is still true when the one before it has been applied.
      return live()
        .filter((t) => t.day < command.day)
        .sort((a, b) => (rankOf(state, b.id) ?? 0) - (rankOf(state, a.id) ?? 0))
        .map((t) => ({ type: 'TicketClosedAtDayEnd' as const, data: { ...leaving(state, ids, t, command.at), status_was: t.status } }));
    }
    case 'CloseDamagedTicket': {
      const t = ticketOf(state, command.ticket_id);
      // Only a ticket its day has left behind is damaged; today's tickets are served, not swept.
      if (t.day >= command.day) throw unprocessable('This ticket is not damaged: it belongs to today', 'id');
      return [{ type: 'TicketClosedAtDayEnd', data: { ...leaving(state, ids, t, command.at), status_was: t.status } }];
    }
  }
}

function serviceTime(state: QueueState, serviceIds: string[]): number {
  return estimateWait({ rank: 1, open_counters: 1, service_time: state.service_time, service_ids: serviceIds, delay_seconds: 0, position_only: true });
}

function ended(state: QueueState, ids: Ids, t: Ticket, at: string): QueueEvent {
  const service_id = t.service_ids[0] ?? null;
  const served_seconds = t.called_at ? seconds(t.called_at, at) : 0;
  // The new average travels with the event, so read models take it as the queue decided it.
  const smoothed = served_seconds > 0 ? { smoothed_seconds: smooth(state.service_time[service_id ?? '*'], served_seconds) } : {};
  return { type: 'TicketEnded', data: { ...leaving(state, ids, t, at), service_id, served_seconds, ...smoothed } };
}

const urgentWaiting = (t: Ticket | undefined) => (t?.status === 'waiting' && t.urgent ? 1 : 0);

/** Every change of a live ticket goes through here (or `withoutTicket`), so the urgent count stays true. */
function withTicket(state: QueueState, t: Ticket): QueueState {
  const delta = urgentWaiting(t) - urgentWaiting(state.tickets.get(t.id));
  return { ...state, tickets: state.tickets.set(t.id, t), urgent_waiting: state.urgent_waiting + delta };
}

function withoutTicket(state: QueueState, id: string): QueueState {
  return { ...state, tickets: state.tickets.delete(id), urgent_waiting: state.urgent_waiting - urgentWaiting(state.tickets.get(id)) };
}

function withCounter(state: QueueState, c: Counter): QueueState {
  return { ...state, counters: { ...state.counters, [c.id]: c } };
}

function insertAt(list: string[], id: string, rank: number): string[] {
  const out = list.filter((x) => x !== id);
  out.splice(Math.max(0, Math.min(out.length, rank - 1)), 0, id);
  return out;
}

/** Frees the ticket's counter, if any. */
function release(state: QueueState, t: Ticket): QueueState {
  const c = t.counter_id ? state.counters[t.counter_id] : undefined;
  return c && c.serving === t.id ? withCounter(state, { ...c, serving: null }) : state;
}

function numbered(state: QueueState, day: string, n: number): QueueState {
  const same = state.day === day;
  return { ...state, day, last_number: same ? Math.max(state.last_number, n) : n, used_numbers: same ? [...state.used_numbers, n] : [n] };
}

/** Evolve never changes the state it is given: a command cache keeps the last committed state. */
function evolve(state: QueueState, event: QueueEvent): QueueState {
  const d = event.data;
  switch (event.type) {
    case 'QueueCreated':
      return { ...initialQueueState(), status: 'active', queue_id: d.queue_id, business_id: d.business_id, settings: event.data.settings };
    case 'QueueUpdated':
      return { ...state, settings: { ...state.settings!, ...event.data.changes } };
    case 'QueueDeleted':
      return { ...state, status: 'deleted' };
    case 'QueuePaused':
      return { ...state, paused: true };
    case 'QueueResumed':
      return { ...state, paused: false };
    case 'QueueDelayed':
      return { ...state, delay_seconds: event.data.delay_seconds };
    case 'CounterCreated': {
      const e = event.data;
      return withCounter(state, { id: e.counter_id, name: e.name, break_minutes: e.break_minutes, service_ids: e.service_ids, open: false, held_by: null, serving: null });
    }
    case 'CounterUpdated':
      return withCounter(state, { ...state.counters[event.data.counter_id], ...event.data.changes });
    case 'CounterDeleted': {
      const { [event.data.counter_id]: _gone, ...rest } = state.counters;
      return { ...state, counters: rest };
    }
    case 'CounterOpened':
      return withCounter(state, { ...state.counters[event.data.counter_id], open: true, held_by: event.data.member_id });
    case 'CounterClosed':
      return withCounter(state, { ...state.counters[event.data.counter_id], open: false, held_by: null, serving: null });
    case 'TicketPushed':
    case 'TicketRedirectedIn':
    case 'TicketRestored': {
      const e = event.data;
      const s = event.type === 'TicketRestored' ? state : numbered(state, e.ticket.day, e.ticket.number);
      const t: Ticket = { ...e.ticket, status: 'waiting', counter_id: null, called_at: null };
      return { ...withTicket(s, t), waiting: insertAt(s.waiting, t.id, e.rank) };
    }
    case 'TicketCalled': {
      const e = event.data;
      const t = state.tickets.get(e.ticket_id)!;
      const s = withTicket(state, { ...t, status: 'in_service', counter_id: e.counter_id, called_at: e.at });
      return { ...withCounter(s, { ...s.counters[e.counter_id], serving: t.id }), waiting: s.waiting.filter((x) => x !== t.id) };
    }
    case 'TicketReturnedToWaiting': {
      const t = state.tickets.get(event.data.ticket_id)!;
      const s = release(state, t);
      return { ...withTicket(s, { ...t, status: 'waiting', counter_id: null, called_at: null }), waiting: insertAt(s.waiting, t.id, event.data.to_rank) };
    }
    case 'TicketMoved': {
      const e = event.data;
      const s = e.reason === 'late' ? withTicket(state, { ...state.tickets.get(e.ticket_id)!, late: true }) : state;
      return { ...s, waiting: insertAt(s.waiting, e.ticket_id, e.to_rank) };
    }
    case 'TicketsSwapped': {
      const e = event.data;
      const waiting = [...state.waiting];
      waiting[e.rank_1 - 1] = e.ticket_2;
      waiting[e.rank_2 - 1] = e.ticket_1;
      return { ...state, waiting };
    }
    case 'TicketHeld': {
      const t = state.tickets.get(event.data.ticket_id)!;
      const s = release(state, t);
      return { ...withTicket(s, { ...t, status: 'on_hold', counter_id: null, called_at: null }), waiting: s.waiting.filter((x) => x !== t.id) };
    }
    case 'TicketEnded':
    case 'TicketMarkedNoShow':
    case 'TicketMarkedAbsent':
    case 'TicketRevoked':
    case 'TicketClosedAtDayEnd':
    case 'TicketRedirectedOut': {
      const t = state.tickets.get(event.data.ticket_id)!;
      let s = withoutTicket(release(state, t), t.id);
      if (event.type === 'TicketEnded' && event.data.served_seconds > 0) {
        const key = event.data.service_id ?? '*';
        s = { ...s, service_time: { ...s.service_time, [key]: event.data.smoothed_seconds ?? smooth(s.service_time[key], event.data.served_seconds) } };
      }
      return { ...s, waiting: s.waiting.filter((x) => x !== t.id) };
    }
    case 'TicketUrgencyChanged':
      return withTicket(state, { ...state.tickets.get(event.data.ticket_id)!, urgent: event.data.urgent });
    case 'TicketMemberChanged':
      return withTicket(state, { ...state.tickets.get(event.data.ticket_id)!, member_id: event.data.member_id });
    case 'TicketServiceTimeChanged':
      return withTicket(state, { ...state.tickets.get(event.data.ticket_id)!, service_seconds: event.data.service_seconds });
    case 'TicketNoteAdded':
      return state;
    default:
      return state;
  }
}

export const queueDecider: Decider<QueueCommand, QueueState, QueueEvent> = { initialState: initialQueueState, decide, evolve };

/** The invariants that hold after every step; the property test and the read-model check use them. */
export function queueInvariantErrors(state: QueueState): string[] {
  const errors: string[] = [];
  const waiting = new Set(state.waiting);
  if (waiting.size !== state.waiting.length) errors.push('a ticket is twice in the waiting list');
  for (const id of state.waiting) if (state.tickets.get(id)?.status !== 'waiting') errors.push(`ranked ticket ${id} is not waiting`);
  const serving = new Map<string, string>();
  for (const c of Object.values(state.counters)) {
    if (!c.serving) continue;
    if (!c.open) errors.push(`closed counter ${c.id} serves a ticket`);
    if (serving.has(c.serving)) errors.push(`ticket ${c.serving} at two counters`);
    serving.set(c.serving, c.id);
  }
  for (const t of state.tickets.values()) {
    if (t.status === 'waiting' && !waiting.has(t.id)) errors.push(`waiting ticket ${t.id} has no rank`);
    if (t.status === 'in_service' && serving.get(t.id) !== t.counter_id) errors.push(`ticket ${t.id} in service without its counter`);
    if (t.status !== 'in_service' && serving.has(t.id)) errors.push(`ticket ${t.id} at a counter but ${t.status}`);
  }
  const urgent = state.waiting.filter((id) => state.tickets.get(id)?.urgent).length;
  if (urgent !== state.urgent_waiting) errors.push(`urgent count ${state.urgent_waiting} but ${urgent} urgent tickets wait`);
  const holders = Object.values(state.counters).filter((c) => c.open).map((c) => c.held_by);
  if (new Set(holders).size !== holders.length) errors.push('a member holds two open counters');
  return errors;
}

export { DomainError };
