import { numbered } from '../decide/numbering';
import type { QueueEvent } from '../events';
import type { QueueState, Ticket } from '../state';
import type { Fold, Folds } from './fold';
import { insertAt, release, withCounter, withTicket } from './live';

type Arrived = Extract<QueueEvent, { type: 'TicketPushed' | 'TicketRedirectedIn' | 'TicketRestored' }>;

/** A ticket joins the waiting list at its rank; a restored one keeps the number it was given. */
function arrived(state: QueueState, event: Arrived): QueueState {
  const e = event.data;
  const s = event.type === 'TicketRestored' ? state : numbered(state, e.ticket.day, e.ticket.number);
  const t: Ticket = { ...e.ticket, status: 'waiting', counter_id: null, called_at: null };
  return { ...withTicket(s, t), waiting: insertAt(s.waiting, t.id, e.rank) };
}

const called: Fold<'TicketCalled'> = (state, { data: e }) => {
  const t = state.tickets.get(e.ticket_id)!;
  const s = withTicket(state, { ...t, status: 'in_service', counter_id: e.counter_id, called_at: e.at });
  return { ...withCounter(s, { ...s.counters[e.counter_id], serving: t.id }), waiting: s.waiting.filter((x) => x !== t.id) };
};

const returned: Fold<'TicketReturnedToWaiting'> = (state, event) => {
  const t = state.tickets.get(event.data.ticket_id)!;
  const s = release(state, t);
  return { ...withTicket(s, { ...t, status: 'waiting', counter_id: null, called_at: null }), waiting: insertAt(s.waiting, t.id, event.data.to_rank) };
};

const moved: Fold<'TicketMoved'> = (state, { data: e }) => {
  const s = e.reason === 'late' ? withTicket(state, { ...state.tickets.get(e.ticket_id)!, late: true }) : state;
  return { ...s, waiting: insertAt(s.waiting, e.ticket_id, e.to_rank) };
};

const swapped: Fold<'TicketsSwapped'> = (state, { data: e }) => {
  const waiting = [...state.waiting];
  waiting[e.rank_1 - 1] = e.ticket_2;
  waiting[e.rank_2 - 1] = e.ticket_1;
  return { ...state, waiting };
};

const held: Fold<'TicketHeld'> = (state, event) => {
  const t = state.tickets.get(event.data.ticket_id)!;
  const s = release(state, t);
  return { ...withTicket(s, { ...t, status: 'on_hold', counter_id: null, called_at: null }), waiting: s.waiting.filter((x) => x !== t.id) };
};

/** The waiting list: tickets coming in, called to a counter, sent back, moved, swapped and held aside. */
export const WAITING_FOLDS: Folds<Arrived['type'] | 'TicketCalled' | 'TicketReturnedToWaiting' | 'TicketMoved' | 'TicketsSwapped' | 'TicketHeld'> = {
  TicketPushed: arrived,
  TicketRedirectedIn: arrived,
  TicketRestored: arrived,
  TicketCalled: called,
  TicketReturnedToWaiting: returned,
  TicketMoved: moved,
  TicketsSwapped: swapped,
  TicketHeld: held,
};
