import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readList } from '../../data/resources';
import { useLiveRoom } from '../../live/useLiveRoom';
import { queuePath, useApi, useQueue } from '../common';
import type { Counter, Ticket, WaitingList } from '../model';

export interface HeldCounter {
  id: string;
  queue_id: string;
  name: string;
}

/**
 * Everything the waiting-list screen shows, under one query key so that a change notice (or
 * the screen's own action) refetches it all: the queue, its waiting list, the tickets in
 * service and on hold, its counters, and the counter the user holds.
 */
export function useWaitingListData(id: string) {
  const dataProvider = useApi();
  const queryClient = useQueryClient();
  const base = ['queue-live', id];
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['queue-live', id] }), [queryClient, id]);
  const live = useLiveRoom('queue', id, refresh);
  // Without the channel (a proxy that drops websockets, a lost network) the screen still moves, slowly.
  const every = live === 'live' ? false : 15_000;
  const queue = useQueue(id);
  const waiting = useQuery({ queryKey: [...base, 'waiting'], queryFn: () => dataProvider.call<WaitingList>(`${queuePath(id)}/waitinglist`), refetchInterval: every });
  const inService = useQuery({ queryKey: [...base, 'inservice'], queryFn: async () => readList<Ticket>(await dataProvider.call(`${queuePath(id)}/inservice`)).data, refetchInterval: every });
  const onHold = useQuery({ queryKey: [...base, 'onhold'], queryFn: async () => readList<Ticket>(await dataProvider.call(`${queuePath(id)}/onhold`)).data, refetchInterval: every });
  const counters = useQuery({ queryKey: [...base, 'counters'], queryFn: async () => readList<Counter>(await dataProvider.call(`${queuePath(id)}/counter`)).data, refetchInterval: every });
  const mine = useQuery({ queryKey: [...base, 'mine'], queryFn: async () => (await dataProvider.call<{ counter: HeldCounter | null }>('/business/counter/mine')).counter });
  return { queue, waiting, inService, onHold, counters, mine, refresh, live };
}

export type WaitingListData = ReturnType<typeof useWaitingListData>;
