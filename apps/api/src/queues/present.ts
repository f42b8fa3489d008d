import type { TicketView } from '@tabour/contracts';
import type { QueueState, Ticket } from '@tabour/queues';
import { callPositionIn, waitEstimate } from '@tabour/queues';

/**
 * A live ticket: the fields of a ticket's view (libs/contracts/src/ticket-view.ts) that the
 * queue's state holds, with its rank and current estimate. A field the decider's ticket gains
 * outside the view fails to compile here, so the view and its reads follow it.
 */
export type LiveTicket = Pick<TicketView, keyof Ticket | 'queue_id' | 'estimated_wait_seconds'> & {
  rank: number | null;
  call_position: number | null;
  counter_name: string | null;
};

/** A live ticket as the queue's state knows it, with its rank and current estimate. */
export function liveTicket(state: QueueState, t: Ticket): LiveTicket {
  const i = state.waiting.indexOf(t.id);
  const rank = i < 0 ? null : i + 1;
  const counter = t.counter_id ? state.counters[t.counter_id] : undefined;
  return {
    ...t,
    booking_id: t.booking_id ?? null,
    queue_id: state.queue_id,
    rank,
    call_position: rank === null ? null : callPositionIn(state, rank, t.urgent),
    estimated_wait_seconds: rank === null ? null : waitEstimate(state, rank, t.service_ids, t.urgent),
    counter_name: counter?.name ?? null,
  };
}
