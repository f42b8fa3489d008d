import { conflict } from '@tabour/platform';
import type { CommandOf } from '../commands';
import type { QueueEvent } from '../events';
import { rankOf, ticketOf, unprocessable } from './lookup';
import { idsOf, QueueState } from '../state';

/** The order of the waiting list: tickets moved, swapped, pushed back, held aside and recalled. */

export function pushBack(command: CommandOf<'PushBack'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (t.status === 'waiting') {
    const from = rankOf(state, t.id)!;
    const to = state.waiting.length;
    return from === to ? [] : [{ type: 'TicketMoved', data: { ...idsOf(command), ticket_id: t.id, from_rank: from, to_rank: to, reason: 'pushed_back' } }];
  }
  if (t.status === 'on_hold') throw unprocessable('Recall the ticket first', 'ticket_id');
  return [
    {
      type: 'TicketReturnedToWaiting',
      data: { ...idsOf(command), ticket_id: t.id, to_rank: state.waiting.length + 1, counter_id: t.counter_id, reason: 'pushed_back' },
    },
  ];
}

export function runningLate(command: CommandOf<'RunningLate'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (t.status !== 'waiting') throw unprocessable('Only a waiting ticket can be moved back', 'ticket_id');
  const from = rankOf(state, t.id)!;
  const to = Math.min(state.waiting.length, from + Math.max(1, command.places));
  if (t.late && from === to) return [];
  return [{ type: 'TicketMoved', data: { ...idsOf(command), ticket_id: t.id, from_rank: from, to_rank: to, reason: 'late' } }];
}

export function swapTickets(command: CommandOf<'SwapTickets'>, state: QueueState): QueueEvent[] {
  const a = ticketOf(state, command.ticket_1);
  const b = ticketOf(state, command.ticket_2);
  if (a.status !== 'waiting' || b.status !== 'waiting') throw unprocessable('Only waiting tickets can be swapped', 'customer_2');
  if (a.id === b.id) return [];
  return [{ type: 'TicketsSwapped', data: { ...idsOf(command), ticket_1: a.id, ticket_2: b.id, rank_1: rankOf(state, a.id)!, rank_2: rankOf(state, b.id)! } }];
}

export function moveTicket(command: CommandOf<'MoveTicket'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  const from = rankOf(state, t.id);
  if (from === null) throw unprocessable('Only a waiting ticket can be moved', 'ticket_id');
  // The screen states where it saw the ticket: a list changed meanwhile is refused, not guessed.
  if (from !== command.from_rank) throw conflict('The waiting list changed: reload it and try again', 'stale_rank');
  if (!Number.isInteger(command.to_rank) || command.to_rank < 1 || command.to_rank > state.waiting.length)
    throw unprocessable(`The new rank must be from 1 to ${state.waiting.length}`, 'new');
  return from === command.to_rank
    ? []
    : [{ type: 'TicketMoved', data: { ...idsOf(command), ticket_id: t.id, from_rank: from, to_rank: command.to_rank, reason: 'moved' } }];
}

export function holdTicket(command: CommandOf<'HoldTicket'>, state: QueueState): QueueEvent[] {
  if (!state.settings!.on_hold_enabled) throw unprocessable('The on-hold feature is off for this queue', 'ticket_id');
  const t = ticketOf(state, command.ticket_id);
  if (t.status === 'on_hold') return [];
  return [{ type: 'TicketHeld', data: { ...idsOf(command), ticket_id: t.id, from_rank: rankOf(state, t.id), counter_id: t.counter_id } }];
}

export function recallTicket(command: CommandOf<'RecallTicket'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (t.status !== 'on_hold') throw unprocessable('Only a ticket on hold can be recalled', 'ticket_id');
  return [{ type: 'TicketReturnedToWaiting', data: { ...idsOf(command), ticket_id: t.id, to_rank: 1, counter_id: null, reason: 'recalled' } }];
}
