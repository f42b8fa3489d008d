import { useEffect, useEffectEvent, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readSession } from '../auth/session';
import { channelUrl, debounce } from './channel';
import { broadcastConfig } from './config';
import type { LiveState } from './useLiveRoom';

/**
 * Follows the business room (every staff socket is in it; no subscription is asked) and calls
 * `onChange` shortly after each notice `concerns` accepts, and after each (re)connection, since
 * notices sent while the socket was away are otherwise lost.
 */
export function useBusinessNotices(concerns: (notice: unknown) => boolean, onChange: () => void, wait = 150): LiveState {
  const changed = useEffectEvent(() => onChange());
  const accepts = useEffectEvent((notice: unknown) => concerns(notice));
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let socket: Socket | null = null;
    let closed = false;
    const refetch = debounce(() => changed(), wait);
    broadcastConfig()
      .then(({ port, path }) => {
        if (closed) return;
        if (!port) return setState('offline');
        socket = io(channelUrl(window.location, port), { path, auth: { token: readSession()?.token }, transports: ['websocket', 'polling'] });
        socket.on('connect', () => {
          if (closed) return;
          setState('live');
          refetch();
        });
        socket.on('disconnect', () => !closed && setState('connecting'));
        socket.on('connect_error', () => !closed && setState(socket?.active ? 'connecting' : 'offline'));
        socket.on('change', (notice: unknown) => {
          if (accepts(notice)) refetch();
        });
      })
      .catch(() => !closed && setState('offline'));
    return () => {
      closed = true;
      refetch.cancel();
      socket?.close();
    };
  }, [wait]);

  return state;
}
