import { useQuery } from '@tanstack/react-query';
import type { StatisticFilter } from '@tabour/contracts';

/** One statistics call under the view's filter, refetched when it changes. */
export function useFigures<T>(name: string, call: (f: StatisticFilter) => Promise<T>, body: StatisticFilter) {
  return useQuery({ queryKey: ['statistics', name, body], queryFn: () => call(body) });
}
