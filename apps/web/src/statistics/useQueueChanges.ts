import { useBusinessChanges } from '../live/useBusinessChanges';

/** A notice about a queue (its tickets and counters): its key names a queue stream. */
export function isQueueNotice(notice: unknown): boolean {
  const key = (notice as { key?: unknown } | null)?.key;
  return typeof key === 'string' && key.startsWith('queue-');
}

/**
 * Calls `onChange` after any queue of the business changes, debounced, and once more `settle` ms
 * later: the figures behind the dashboard come partly from the statistics projection, which
 * follows the queue a moment after. Also after every reconnection.
 */
export function useQueueChanges(onChange: () => void, wait = 300, settle = 1500): void {
  useBusinessChanges(isQueueNotice, onChange, { wait, settle });
}
