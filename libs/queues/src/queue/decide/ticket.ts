import { conflict } from '@tabour/platform';
import type { CommandOf } from '../commands';
import type { QueueEvent } from '../events';
import { liveTickets, seconds, ticketOf, unprocessable } from './lookup';
import { nextNumber, numberFree } from './numbering';
import { idsOf, QueueState } from '../state';
import { serviceTime, waitEstimate } from './wait';

/** A ticket coming into the queue, and the details staff change on it. */

export function pushTicket(command: CommandOf<'PushTicket'>, state: QueueState): QueueEvent[] {
  if (state.tickets.has(command.ticket.ticket_id)) return [];
  // One live ticket per customer and queue: a second join is a mistake, not a second visit.
  const customer = command.ticket.customer_id;
  if (customer && liveTickets(state).some((t) => t.customer_id === customer))
    throw conflict('Could not join the requested queue, you may already be waiting in the queue!', 'already_waiting');
  const number = nextNumber(state, command.day, command.random);
  const rank = state.waiting.length + 1;
  const t = command.ticket;
  return [
    {
      type: 'TicketPushed',
      data: {
        ...idsOf(command),
        ticket: {
          id: t.ticket_id,
          uid: t.uid,
          number,
          label: `${state.settings!.ticket_prefix}${number}`,
          day: command.day,
          urgent: t.urgent,
          service_ids: t.service_ids,
          member_id: t.member_id,
          customer_id: t.customer_id,
          customer_name: t.customer_name,
          checked_in_at: command.at,
          service_seconds: null,
          late: false,
          ...(t.booking_id ? { booking_id: t.booking_id } : {}),
        },
        rank,
        estimated_wait_seconds: waitEstimate(state, rank, t.service_ids, t.urgent),
      },
    },
  ];
}

export function redirectIn(command: CommandOf<'RedirectIn'>, state: QueueState): QueueEvent[] {
  if (state.tickets.has(command.ticket.id)) return [];
  if (state.paused) throw conflict('The queue is paused', 'queue_paused');
  const number =
    command.keep_number && numberFree(state, command.day, command.ticket.number) ? command.ticket.number : nextNumber(state, command.day, command.random);
  const label = command.keep_number ? command.ticket.label.replace(/\d+$/, String(number)) : `${state.settings!.ticket_prefix}${number}`;
  const { status: _s, counter_id: _c, called_at: _a, ...rest } = command.ticket;
  const rank = state.waiting.length + 1;
  return [
    {
      type: 'TicketRedirectedIn',
      data: {
        ...idsOf(command),
        ticket: { ...rest, number, label, day: command.day },
        rank,
        from_queue_id: command.from_queue_id,
        estimated_wait_seconds: waitEstimate(state, rank, rest.service_ids, rest.urgent),
      },
    },
  ];
}

export function restoreTicket(command: CommandOf<'RestoreTicket'>, state: QueueState): QueueEvent[] {
  if (state.tickets.has(command.ticket.id)) throw conflict('The ticket is already in the queue', 'ticket_live');
  return [{ type: 'TicketRestored', data: { ...idsOf(command), ticket: command.ticket, rank: state.waiting.length + 1 } }];
}

export function setUrgent(command: CommandOf<'SetUrgent'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  return t.urgent === command.urgent ? [] : [{ type: 'TicketUrgencyChanged', data: { ...idsOf(command), ticket_id: t.id, urgent: command.urgent } }];
}

export function addNote(command: CommandOf<'AddNote'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  const text = command.text.trim();
  if (!text) throw unprocessable('The note is required', 'note');
  return [{ type: 'TicketNoteAdded', data: { ...idsOf(command), ticket_id: t.id, note_type_id: command.note_type_id, text, at: command.at, by: command.by } }];
}

export function changeMember(command: CommandOf<'ChangeMember'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (t.status === 'in_service') throw unprocessable('The ticket is already at a counter', 'member_id');
  return t.member_id === command.member_id ? [] : [{ type: 'TicketMemberChanged', data: { ...idsOf(command), ticket_id: t.id, member_id: command.member_id } }];
}

export function changeServiceTime(command: CommandOf<'ChangeServiceTime'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  if (t.status !== 'in_service') throw unprocessable('Only a ticket in service has a service time', 'duration');
  const spent = seconds(t.called_at!, command.at);
  const estimated = Math.max(spent, t.service_seconds ?? serviceTime(state, t.service_ids));
  if (command.service_seconds <= estimated) throw unprocessable('New Service Time must be higher than the estimated time to spend', 'duration');
  return [{ type: 'TicketServiceTimeChanged', data: { ...idsOf(command), ticket_id: t.id, service_seconds: command.service_seconds } }];
}
