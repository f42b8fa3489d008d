import { smooth } from '../../estimate';
import type { QueueEvent } from '../events';
import type { QueueState } from '../state';
import type { Folds } from './fold';
import { release, withoutTicket } from './live';

type Leaving = Extract<
  QueueEvent,
  { type: 'TicketEnded' | 'TicketMarkedNoShow' | 'TicketMarkedAbsent' | 'TicketRevoked' | 'TicketClosedAtDayEnd' | 'TicketRedirectedOut' }
>;

/** A ticket leaves the live list, freeing its counter; a visit served feeds its service's smoothed time. */
function left(state: QueueState, event: Leaving): QueueState {
  const t = state.tickets.get(event.data.ticket_id)!;
  let s = withoutTicket(release(state, t), t.id);
  if (event.type === 'TicketEnded' && event.data.served_seconds > 0) {
    const key = event.data.service_id ?? '*';
    s = { ...s, service_time: { ...s.service_time, [key]: event.data.smoothed_seconds ?? smooth(s.service_time[key], event.data.served_seconds) } };
  }
  return { ...s, waiting: s.waiting.filter((x) => x !== t.id) };
}

/** The events that take a ticket off the live list (`LEAVING`), all folded alike. */
export const LEAVING_FOLDS: Folds<Leaving['type']> = {
  TicketEnded: left,
  TicketMarkedNoShow: left,
  TicketMarkedAbsent: left,
  TicketRevoked: left,
  TicketClosedAtDayEnd: left,
  TicketRedirectedOut: left,
};
