import { callPosition, estimateWait } from '../../estimate';
import type { QueueState } from '../state';

const openCounters = (state: QueueState): number => Object.values(state.counters).filter((c) => c.open).length;

/**
 * Urgent tickets among the first `n` of the waiting list. Counted on the shorter side of `n`
 * with the queue's urgent count (`urgent_waiting`), and not at all when none is urgent or the
 * whole list is ahead: a push lands at the end of a list that may hold thousands, and every
 * lookup reads the persistent map of tickets.
 */
function urgentAmongFirst(state: QueueState, n: number): number {
  const length = state.waiting.length;
  if (!state.urgent_waiting || n <= 0) return 0;
  if (n >= length) return state.urgent_waiting;
  const urgentIn = (from: number, to: number) => {
    let count = 0;
    for (let i = from; i < to; i++) if (state.tickets.get(state.waiting[i])?.urgent) count++;
    return count;
  };
  return n <= length / 2 ? urgentIn(0, n) : state.urgent_waiting - urgentIn(n, length);
}

/**
 * A waiting ticket's place in the order call next follows (urgent first); `rank` is the place it
 * has (or, not yet listed, will have) in the list.
 */
export function callPositionIn(state: QueueState, rank: number, urgent: boolean): number {
  const urgentAhead = urgentAmongFirst(state, Math.min(rank - 1, state.waiting.length));
  // A ticket not yet listed adds itself to the urgent count.
  const listed = rank <= state.waiting.length;
  return callPosition({ rank, urgent, urgent_ahead: urgentAhead, urgent_waiting: state.urgent_waiting + (!listed && urgent ? 1 : 0) });
}

/** The wait of the ticket at `rank` (urgent or not): the customers called before it, served by the open counters. */
export function waitEstimate(state: QueueState, rank: number, serviceIds: string[], urgent = false): number {
  return estimateWait({
    rank: callPositionIn(state, rank, urgent),
    open_counters: openCounters(state),
    service_time: state.service_time,
    service_ids: serviceIds,
    delay_seconds: state.delay_seconds,
  });
}

/** The time one visit for these services is expected to take, from the queue's smoothed times. */
export function serviceTime(state: QueueState, serviceIds: string[]): number {
  return estimateWait({ rank: 1, open_counters: 1, service_time: state.service_time, service_ids: serviceIds, delay_seconds: 0, position_only: true });
}
