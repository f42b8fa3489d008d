import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readSession } from '../auth/session';
import { channelUrl, debounce } from '../live/channel';
import { broadcastConfig } from '../live/config';

/** A notice about a queue (its tickets and counters): its key names a queue stream. */
export function isQueueNotice(notice: unknown): boolean {
  const key = (notice as { key?: unknown } | null)?.key;
  return typeof key === 'string' && key.startsWith('queue-');
}

/**
 * Calls `onChange` after any queue of the business changes (a staff socket is in its business's
 * room from the moment it connects), debounced, and once more `settle` ms later: the figures
 * behind the dashboard come partly from the statistics projection, which follows the queue a
 * moment after. Also after every reconnection, since notices sent while away are lost.
 */
export function useQueueChanges(onChange: () => void, wait = 300, settle = 1500): void {
  const latest = useEffectEvent(() => onChange());
  useEffect(() => {
    let socket: Socket | null = null;
    let closed = false;
    let connectedOnce = false;
    let later: ReturnType<typeof setTimeout> | undefined;
    const refetch = debounce(() => {
      latest();
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
          if (isQueueNotice(notice)) refetch();
        });
      })
      // No channel: the dashboard shows what it loaded and refreshes on navigation.
      .catch(() => undefined);
    return () => {
      closed = true;
      refetch.cancel();
      if (later) clearTimeout(later);
      socket?.close();
    };
  }, [wait, settle]);
}
