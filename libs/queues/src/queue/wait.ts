import { callPosition, estimateWait } from '../estimate';
import type { QueueState } from './state';

const openCounters = (state: QueueState): number => Object.values(state.counters).filter((c) => c.open).length;

/**
 * A waiting ticket's place in the order call next follows (urgent first); `rank` is the place it
 * has (or, not yet listed, will have) in the list.
 */
export function callPositionIn(state: QueueState, rank: number, urgent: boolean): number {
  let urgentAhead = 0;
  for (let i = 0; i < Math.min(rank - 1, state.waiting.length); i++) if (state.tickets.get(state.waiting[i])?.urgent) urgentAhead++;
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
