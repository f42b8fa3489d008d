import { smooth } from '../estimate';
import type { QueueEvent } from './events';
import { numbered } from './numbering';
import { Counter, initialQueueState, QueueState, Ticket } from './state';

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

/** Evolve never changes the state it is given: a command cache keeps the last committed state. */
export function evolve(state: QueueState, event: QueueEvent): QueueState {
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
      return withCounter(state, {
        id: e.counter_id,
        name: e.name,
        break_minutes: e.break_minutes,
        service_ids: e.service_ids,
        open: false,
        held_by: null,
        serving: null,
      });
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
