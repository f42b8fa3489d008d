import { estimateWait } from '../estimate';
import type { QueueState } from './state';

const openCounters = (state: QueueState): number => Object.values(state.counters).filter((c) => c.open).length;

export function waitEstimate(state: QueueState, rank: number, serviceIds: string[]): number {
  return estimateWait({
    rank,
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
