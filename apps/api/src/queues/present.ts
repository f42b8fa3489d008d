import type { QueueState, Ticket } from '@tabour/queues';
import { waitEstimate } from '@tabour/queues';

/** A live ticket as the queue's state knows it, with its rank and current estimate. */
export function liveTicket(state: QueueState, t: Ticket) {
  const i = state.waiting.indexOf(t.id);
  const rank = i < 0 ? null : i + 1;
  const counter = t.counter_id ? state.counters[t.counter_id] : undefined;
  return {
    ...t,
    queue_id: state.queue_id,
    rank,
    estimated_wait_seconds: rank === null ? null : waitEstimate(state, rank, t.service_ids),
    counter_name: counter?.name ?? null,
  };
}
