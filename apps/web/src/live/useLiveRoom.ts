import { useEffect, useEffectEvent, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readSession } from '../auth/session';
import { channelUrl, debounce, noticeConcerns, streamOf } from './channel';
import { broadcastConfig } from './config';

/** `live`: subscribed, notices arrive; `connecting`: (re)connecting; `offline`: no channel, the screen refreshes by hand. */
export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * Joins a room of the broadcast channel (`queue` and its id) and calls `onChange` after each
 * change notice for that record, debounced. It also calls it after every (re)subscription:
 * notices sent while the socket was away, or before it joined, are otherwise lost.
 */
export function useLiveRoom(kind: 'queue' | 'counter', id: string | undefined, onChange: () => void, wait = 100): LiveState {
  // The latest onChange, called from the socket's handlers without reconnecting when it changes.
  const latest = useEffectEvent(() => onChange());
  const [state, setState] = useState<LiveState>('connecting');
  // A new room starts over as connecting (set while rendering, so no stale state shows).
  const room = `${kind}|${id}|${wait}`;
  const [stateOf, setStateOf] = useState(room);
  if (stateOf !== room) {
    setStateOf(room);
    setState('connecting');
  }

  useEffect(() => {
    if (!id) return;
    let socket: Socket | null = null;
    let closed = false;
    const refetch = debounce(() => latest(), wait);
    const stream = streamOf(kind, id);
    broadcastConfig()
      .then(({ port, path }) => {
        if (closed) return;
        if (!port) return setState('offline');
        socket = io(channelUrl(window.location, port), { path, auth: { token: readSession()?.token }, transports: ['websocket', 'polling'] });
        socket.on('connect', () => {
          socket?.emit('subscribe', { kind, id }, (ack?: { ok?: boolean }) => {
            if (closed) return;
            setState(ack?.ok ? 'live' : 'offline');
            if (ack?.ok) refetch();
          });
        });
        socket.on('disconnect', () => !closed && setState('connecting'));
        // A refused token stops the socket for good; a network failure is retried by socket.io.
        socket.on('connect_error', () => !closed && setState(socket?.active ? 'connecting' : 'offline'));
        socket.on('change', (notice: unknown) => {
          if (noticeConcerns(notice, stream)) refetch();
        });
      })
      .catch(() => !closed && setState('offline'));
    return () => {
      closed = true;
      refetch.cancel();
      socket?.close();
    };
  }, [kind, id, wait]);

  return state;
}
