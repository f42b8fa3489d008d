import type { Counter, QueueState, Ticket } from '../state';

const urgentWaiting = (t: Ticket | undefined) => (t?.status === 'waiting' && t.urgent ? 1 : 0);

/** Every change of a live ticket goes through here (or `withoutTicket`), so the urgent count stays true. */
export function withTicket(state: QueueState, t: Ticket): QueueState {
  const delta = urgentWaiting(t) - urgentWaiting(state.tickets.get(t.id));
  return { ...state, tickets: state.tickets.set(t.id, t), urgent_waiting: state.urgent_waiting + delta };
}

export function withoutTicket(state: QueueState, id: string): QueueState {
  return { ...state, tickets: state.tickets.delete(id), urgent_waiting: state.urgent_waiting - urgentWaiting(state.tickets.get(id)) };
}

export function withCounter(state: QueueState, c: Counter): QueueState {
  return { ...state, counters: { ...state.counters, [c.id]: c } };
}

export function insertAt(list: string[], id: string, rank: number): string[] {
  const out = list.filter((x) => x !== id);
  out.splice(Math.max(0, Math.min(out.length, rank - 1)), 0, id);
  return out;
}

/** Frees the ticket's counter, if any. */
export function release(state: QueueState, t: Ticket): QueueState {
  const c = t.counter_id ? state.counters[t.counter_id] : undefined;
  return c && c.serving === t.id ? withCounter(state, { ...c, serving: null }) : state;
}
