import { conflict } from '@tabour/platform';
import { counterMayServe, smooth } from '../../estimate';
import type { CommandOf } from '../commands';
import type { QueueEvent } from '../events';
import { counterOf, leaving, rankOf, seconds, ticketOf, unprocessable } from './lookup';
import { Counter, Ids, idsOf, QueueState, Ticket } from '../state';

/** A ticket at the counter: called, served, and how it leaves the live list. */

/** Whether a counter may serve a ticket: the contract's rule, which the waiting list also shows. */
const fits = (counter: Counter, t: Ticket): boolean => counterMayServe(counter, t);

/** The first urgent ticket the counter may serve, else the first it may serve at all. */
function nextFor(state: QueueState, c: Counter): Ticket | undefined {
  let first: Ticket | undefined;
  for (const id of state.waiting) {
    const t = state.tickets.get(id)!;
    if (!fits(c, t)) continue;
    if (t.urgent) return t;
    first ??= t;
    if (!state.urgent_waiting) break;
  }
  return first;
}

function ended(state: QueueState, ids: Ids, t: Ticket, at: string): QueueEvent {
  const service_id = t.service_ids[0] ?? null;
  const served_seconds = t.called_at ? seconds(t.called_at, at) : 0;
  // The new average travels with the event, so read models take it as the queue decided it.
  const smoothed = served_seconds > 0 ? { smoothed_seconds: smooth(state.service_time[service_id ?? '*'], served_seconds) } : {};
  return { type: 'TicketEnded', data: { ...leaving(state, ids, t, at), service_id, served_seconds, ...smoothed } };
}

export function callNext(command: CommandOf<'CallNext'>, state: QueueState): QueueEvent[] {
  if (state.paused) throw conflict('The queue is paused', 'queue_paused');
  const c = counterOf(state, command.counter_id);
  if (!c.open) throw unprocessable('Open the counter first', 'counter_id');
  if (c.held_by !== command.member_id) throw conflict('This counter is held by another member', 'counter_held');
  const next = nextFor(state, c);
  const ids = idsOf(command);
  const events: QueueEvent[] = [];
  // Calling the next customer ends the one still at the counter.
  if (c.serving) events.push(ended(state, ids, state.tickets.get(c.serving)!, command.at));
  if (!next) {
    if (events.length) return events;
    throw unprocessable('No ticket is waiting for this counter', 'counter_id');
  }
  events.push({
    type: 'TicketCalled',
    data: {
      ...ids,
      ticket_id: next.id,
      counter_id: c.id,
      member_id: command.member_id,
      from_rank: rankOf(state, next.id)!,
      at: command.at,
      waited_seconds: seconds(next.checked_in_at, command.at),
    },
  });
  return events;
}

export function endTicket(command: CommandOf<'EndTicket'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (t.status !== 'in_service') throw unprocessable('Only a ticket in service can be ended', 'ticket_id');
  return [ended(state, idsOf(command), t, command.at)];
}

export const markNoShow = (command: CommandOf<'MarkNoShow'>, state: QueueState): QueueEvent[] => [
  { type: 'TicketMarkedNoShow', data: leaving(state, command, ticketOf(state, command.ticket_id), command.at) },
];

export const markAbsent = (command: CommandOf<'MarkAbsent'>, state: QueueState): QueueEvent[] => [
  { type: 'TicketMarkedAbsent', data: leaving(state, command, ticketOf(state, command.ticket_id), command.at) },
];

export const revokeTicket = (command: CommandOf<'RevokeTicket'>, state: QueueState): QueueEvent[] => [
  { type: 'TicketRevoked', data: { ...leaving(state, command, ticketOf(state, command.ticket_id), command.at), by: command.by } },
];

export function redirectOut(command: CommandOf<'RedirectOut'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (command.to_queue_id === command.queue_id) throw unprocessable('Select another queue', 'target_id');
  return [{ type: 'TicketRedirectedOut', data: { ...leaving(state, command, t, command.at), to_queue_id: command.to_queue_id } }];
}
