import { useEffect, useEffectEvent, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { channelUrl, debounce } from './channel';
import { broadcastConfig } from './config';
import type { LiveState } from './useLiveRoom';

export interface Room {
  kind: 'queue' | 'counter' | 'display' | 'kiosk' | 'ticket';
  id: string;
}

export interface DeviceCommand {
  type: 'refresh' | 'logout' | 'autologin' | 'v1' | 'v2' | string;
}

/**
 * The broadcast channel for a kiosk, a display screen or a ticket's public page: joins the rooms
 * given with the page's own token (none for a ticket, which is known by its uid), calls
 * `onChange` `wait` ms after the last change notice, and after every (re)subscription, since a
 * notice sent while the socket was away is otherwise lost; hands remote commands to `onCommand`.
 * socket.io reconnects by itself after the network or the server comes back.
 */
export function useDeviceChannel(opts: {
  token: string | null;
  rooms: Room[];
  onChange: () => void;
  onCommand?: (c: DeviceCommand) => void;
  /** Which notices matter: a device with a token also hears its whole business. */
  concerns?: (notice: unknown) => boolean;
  wait?: number;
  enabled?: boolean;
}): LiveState {
  const { token, rooms, wait = 100, enabled = true } = opts;
  // The latest callbacks, called from the socket's handlers without reconnecting when they change.
  const change = useEffectEvent(() => opts.onChange());
  const command = useEffectEvent((c: DeviceCommand) => opts.onCommand?.(c));
  const concerns = useEffectEvent((notice: unknown) => !opts.concerns || opts.concerns(notice));
  // Rooms compare by value: a new array of the same rooms must not reconnect.
  const roomsKey = rooms
    .map((r) => `${r.kind}:${r.id}`)
    .sort()
    .join(',');
  const [state, setState] = useState<LiveState>('connecting');
  // A new connection starts over as connecting (set while rendering, so no stale state shows).
  const connection = `${enabled}|${token}|${roomsKey}|${wait}`;
  const [stateOf, setStateOf] = useState(connection);
  if (stateOf !== connection) {
    setStateOf(connection);
    setState('connecting');
  }

  useEffect(() => {
    if (!enabled || !roomsKey) return;
    const wanted = roomsKey.split(',').map((k) => {
      const [kind, id] = k.split(':');
      return { kind, id };
    });
    let socket: Socket | null = null;
    let closed = false;
    const refetch = debounce(() => change(), wait);
    broadcastConfig()
      .then(({ port, path }) => {
        if (closed) return;
        if (!port) return setState('offline');
        socket = io(channelUrl(window.location, port), { path, auth: token ? { token } : {}, transports: ['websocket', 'polling'] });
        socket.on('connect', () => {
          let answered = 0;
          let ok = true;
          for (const room of wanted) {
            socket?.emit('subscribe', room, (ack?: { ok?: boolean }) => {
              if (closed) return;
              ok = ok && !!ack?.ok;
              if (++answered < wanted.length) return;
              setState(ok ? 'live' : 'offline');
              refetch();
            });
          }
        });
        socket.on('disconnect', () => !closed && setState('connecting'));
        // A refused token stops the socket for good; a network failure is retried by socket.io.
        socket.on('connect_error', () => !closed && setState(socket?.active ? 'connecting' : 'offline'));
        socket.on('change', (notice: unknown) => {
          if (concerns(notice)) refetch();
        });
        socket.on('command', (c: unknown) => {
          if (c && typeof c === 'object' && typeof (c as DeviceCommand).type === 'string') command(c as DeviceCommand);
        });
      })
      .catch(() => !closed && setState('offline'));
    return () => {
      closed = true;
      refetch.cancel();
      socket?.close();
    };
  }, [token, roomsKey, wait, enabled]);

  return state;
}
