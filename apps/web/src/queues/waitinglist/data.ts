import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveRoom } from '../../live/useLiveRoom';
import { readList } from '../../data/resources';
import type { HeldCounter } from '@tabour/contracts';
import { getCounters, getInService, getMyCounter, getOnHold, getQueue, getWaitingList } from '../../data/queues';
import type { Counter, Queue, Ticket, WaitingList } from '../model';
import { firstReads, takeSettled } from '../../data/queueFirstReads';

export type { HeldCounter } from '@tabour/contracts';

/**
 * What main.tsx already read for this screen, in the shape the queries give (queues/api.ts);
 * undefined for an answer not in yet. As fresh as a read made at mount: the queries keep it for
 * FRESH ms instead of asking again at once (a change notice still refetches at any time).
 */
function firstData(id: string) {
  const [queue, waiting, inService, onHold, counters, mine] = firstReads(id);
  const list = <T>(path: string) => {
    const hit = takeSettled<unknown>(path);
    return hit && readList<T>(hit.value).data;
  };
  return {
    queue: () => takeSettled<Queue>(queue)?.value,
    waiting: () => takeSettled<WaitingList>(waiting)?.value,
    inService: () => list<Ticket>(inService),
    onHold: () => list<Ticket>(onHold),
    counters: () => list<Counter>(counters),
    mine: () => {
      const hit = takeSettled<{ counter: HeldCounter | null }>(mine);
      return hit && hit.value.counter;
    },
  };
}
const FRESH = 5_000;

/**
 * Everything the waiting-list screen shows, under one query key so that a change notice (or
 * the screen's own action) refetches it all: the queue, its waiting list, the tickets in
 * service and on hold, its counters, and the counter the user holds.
 */
export function useWaitingListData(id: string) {
  const queryClient = useQueryClient();
  const base = ['queue-live', id];
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['queue-live', id] }), [queryClient, id]);
  const live = useLiveRoom('queue', id, refresh);
  // Without the channel (a proxy that drops websockets, a lost network) the screen still moves, slowly.
  const every = live === 'live' ? false : 15_000;
  const first = firstData(id);
  const early = { staleTime: FRESH };
  // The same key as common.tsx's useQueue: the other queue screens share this entry.
  const queue = useQuery({ queryKey: [...base, 'queue'], queryFn: () => getQueue(id), initialData: first.queue, ...early });
  const waiting = useQuery({ queryKey: [...base, 'waiting'], queryFn: () => getWaitingList(id), refetchInterval: every, initialData: first.waiting, ...early });
  const inService = useQuery({
    queryKey: [...base, 'inservice'],
    queryFn: () => getInService(id),
    refetchInterval: every,
    initialData: first.inService,
    ...early,
  });
  const onHold = useQuery({ queryKey: [...base, 'onhold'], queryFn: () => getOnHold(id), refetchInterval: every, initialData: first.onHold, ...early });
  const counters = useQuery({ queryKey: [...base, 'counters'], queryFn: () => getCounters(id), refetchInterval: every, initialData: first.counters, ...early });
  const mine = useQuery({ queryKey: [...base, 'mine'], queryFn: getMyCounter, initialData: first.mine, ...early });
  return { queue, waiting, inService, onHold, counters, mine, refresh, live };
}

export type WaitingListData = ReturnType<typeof useWaitingListData>;
