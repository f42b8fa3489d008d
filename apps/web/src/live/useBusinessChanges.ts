import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readSession } from '../auth/session';
import { channelUrl, debounce } from './channel';
import { broadcastConfig } from './config';

export interface BusinessChangesTiming {
  /** Notices closer together than this make one call. */
  wait: number;
  /** When set, a second call this long after the first, for figures a projection writes a moment after the change. */
  settle?: number;
}

/**
 * Calls `onChange` after every notice `concerns` accepts in the business's room (a staff socket
 * is in it from the moment it connects; no subscription is asked), debounced. Also after every
 * reconnection, since notices sent while the socket was away are lost; not after the first
 * connection, which comes after the screen loaded what it shows.
 */
export function useBusinessChanges(concerns: (notice: unknown) => boolean, onChange: () => void, { wait, settle }: BusinessChangesTiming): void {
  const latest = useEffectEvent(() => onChange());
  const accepts = useEffectEvent((notice: unknown) => concerns(notice));
  useEffect(() => {
    let socket: Socket | null = null;
    let closed = false;
    let connectedOnce = false;
    let later: ReturnType<typeof setTimeout> | undefined;
    const refetch = debounce(() => {
      latest();
      if (settle === undefined) return;
      if (later) clearTimeout(later);
      later = setTimeout(() => !closed && latest(), settle);
    }, wait);
    broadcastConfig()
      .then(({ port, path }) => {
        if (closed || !port) return;
        socket = io(channelUrl(window.location, port), { path, auth: { token: readSession()?.token }, transports: ['websocket', 'polling'] });
        socket.on('connect', () => {
          if (connectedOnce) refetch();
          connectedOnce = true;
        });
        socket.on('change', (notice: unknown) => {
          if (accepts(notice)) refetch();
        });
      })
      // No channel: the screen shows what it loaded and refreshes on navigation.
      .catch(() => undefined);
    return () => {
      closed = true;
      refetch.cancel();
      if (later) clearTimeout(later);
      socket?.close();
    };
  }, [wait, settle]);
}
