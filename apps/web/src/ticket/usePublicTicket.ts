import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from '../data/http';
import { useDeviceChannel } from '../live/deviceChannel';
import { getPublicTicket } from '../data/publicTicket';

/** The ticket as its link shows it; a wrong or expired link is a 404, told apart from other failures. */
export function usePublicTicket(uid: string) {
  const [live, setLive] = useState(false);
  const query = useQuery({
    queryKey: ['public-ticket', uid],
    queryFn: () => getPublicTicket(uid),
    retry: (n, e) => !(e instanceof HttpError && e.status === 404) && n < 2,
    // The channel tells each change; without it the page still moves, every 30 s.
    refetchInterval: live ? 120_000 : 30_000,
  });
  const refetch = query.refetch;
  const state = useDeviceChannel({ token: null, rooms: [{ kind: 'ticket', id: uid }], onChange: useCallback(() => void refetch(), [refetch]), wait: 300 });
  // The poll above slows while the channel is live.
  if (live !== (state === 'live')) setLive(state === 'live');
  const invalid = query.error instanceof HttpError && query.error.status === 404;
  return { ...query, invalid, live: state };
}
