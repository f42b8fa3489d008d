import type { CommandOf } from '../commands';
import type { QueueEvent } from '../events';
import { leaving, liveTickets, rankOf, ticketOf, unprocessable } from './lookup';
import type { QueueState } from '../state';

/** The end of the business-local day: tickets an earlier day left open are closed. */

export function closeDay(command: CommandOf<'CloseDay'>, state: QueueState): QueueEvent[] {
  // Today's tickets stay. Highest rank first, so each event's from_rank is still true when the
  // one before it has been applied.
  return liveTickets(state)
    .filter((t) => t.day < command.day)
    .sort((a, b) => (rankOf(state, b.id) ?? 0) - (rankOf(state, a.id) ?? 0))
    .map((t) => ({ type: 'TicketClosedAtDayEnd' as const, data: { ...leaving(state, command, t, command.at), status_was: t.status } }));
}

export function closeDamagedTicket(command: CommandOf<'CloseDamagedTicket'>, state: QueueState): QueueEvent[] {
  const t = ticketOf(state, command.ticket_id);
  // Only a ticket its day has left behind is damaged; today's tickets are served, not swept.
  if (t.day >= command.day) throw unprocessable('This ticket is not damaged: it belongs to today', 'id');
  return [{ type: 'TicketClosedAtDayEnd', data: { ...leaving(state, command, t, command.at), status_was: t.status } }];
}
