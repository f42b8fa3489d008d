import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveRoom } from '../../live/useLiveRoom';
import { getCounters, getInService, getMyCounter, getOnHold, getWaitingList } from '../api';
import { useQueue } from '../common';

export type { HeldCounter } from '../api';

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
  const queue = useQueue(id);
  const waiting = useQuery({ queryKey: [...base, 'waiting'], queryFn: () => getWaitingList(id), refetchInterval: every });
  const inService = useQuery({ queryKey: [...base, 'inservice'], queryFn: () => getInService(id), refetchInterval: every });
  const onHold = useQuery({ queryKey: [...base, 'onhold'], queryFn: () => getOnHold(id), refetchInterval: every });
  const counters = useQuery({ queryKey: [...base, 'counters'], queryFn: () => getCounters(id), refetchInterval: every });
  const mine = useQuery({ queryKey: [...base, 'mine'], queryFn: getMyCounter });
  return { queue, waiting, inService, onHold, counters, mine, refresh, live };
}

export type WaitingListData = ReturnType<typeof useWaitingListData>;
