import type { Folds } from './fold';
import { withTicket } from './live';

/** What staff change on a live ticket without moving it; a note is kept by the projection alone. */
export const DETAIL_FOLDS: Folds<'TicketUrgencyChanged' | 'TicketMemberChanged' | 'TicketServiceTimeChanged' | 'TicketNoteAdded'> = {
  TicketUrgencyChanged: (state, event) => withTicket(state, { ...state.tickets.get(event.data.ticket_id)!, urgent: event.data.urgent }),
  TicketMemberChanged: (state, event) => withTicket(state, { ...state.tickets.get(event.data.ticket_id)!, member_id: event.data.member_id }),
  TicketServiceTimeChanged: (state, event) => withTicket(state, { ...state.tickets.get(event.data.ticket_id)!, service_seconds: event.data.service_seconds }),
  TicketNoteAdded: (state) => state,
};
