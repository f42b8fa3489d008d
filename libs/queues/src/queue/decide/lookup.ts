import { invalid, notFound } from '@tabour/platform';
import type { Left } from '../events';
import type { Counter, Ids, QueueState, Ticket } from '../state';

export const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
export const unprocessable = (message: string, field: string) => invalid(message, { [field]: [message] }, 'invalid_state');

/** The queue a command names, refused unless it exists in the caller's business. */
export function existing(state: QueueState, c: Ids): QueueState {
  // Another business's queue answers exactly like a missing one.
  if (state.status !== 'active' || state.business_id !== c.business_id) throw notFound();
  return state;
}

export function ticketOf(state: QueueState, id: string): Ticket {
  const t = state.tickets.get(id);
  if (!t) throw notFound('Ticket not found');
  return t;
}

export function counterOf(state: QueueState, id: string): Counter {
  const c = state.counters[id];
  if (!c) throw notFound('Counter not found');
  return c;
}

export const rankOf = (state: QueueState, id: string): number | null => {
  const i = state.waiting.indexOf(id);
  return i < 0 ? null : i + 1;
};

/** Every live ticket: read only by the few commands that must, as the list can hold a thousand. */
export const liveTickets = (state: QueueState): Ticket[] => [...state.tickets.values()];

/** The data of an event that takes the ticket off the live list, as the list stands now. */
export function leaving(state: QueueState, c: Ids, t: Ticket, at: string): Left {
  return { queue_id: c.queue_id, business_id: c.business_id, ticket_id: t.id, from_rank: rankOf(state, t.id), counter_id: t.counter_id, at };
}
