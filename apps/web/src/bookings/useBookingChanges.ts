import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readSession } from '../auth/session';
import { channelUrl, debounce } from '../live/channel';
import { broadcastConfig } from '../live/config';

/** A notice concerns the book when it names a booking stream (`booking-<id>`). */
export function isBookingNotice(notice: unknown): boolean {
  const view = (notice as { view?: unknown } | null)?.view;
  return view === 'booking';
}

/**
 * Calls `onChange` (debounced) after every booking change of the business: a staff socket is
 * in its business's room from the moment it connects, and every notice reaches that room, so
 * a booking made at another desk appears here without a reload. It also calls it on every
 * reconnection, since notices sent while the socket was away are lost.
 */
export function useBookingChanges(onChange: () => void, wait = 150): void {
  const latest = useEffectEvent(() => onChange());
  useEffect(() => {
    let socket: Socket | null = null;
    let closed = false;
    let connectedOnce = false;
    const refetch = debounce(() => latest(), wait);
    broadcastConfig()
      .then(({ port, path }) => {
        if (closed || !port) return;
        socket = io(channelUrl(window.location, port), { path, auth: { token: readSession()?.token }, transports: ['websocket', 'polling'] });
        socket.on('connect', () => {
          if (connectedOnce) refetch();
          connectedOnce = true;
        });
        socket.on('change', (notice: unknown) => {
          if (isBookingNotice(notice)) refetch();
        });
      })
      // No channel: the calendar still shows what it loaded and refreshes on navigation.
      .catch(() => undefined);
    return () => {
      closed = true;
      refetch.cancel();
      socket?.close();
    };
  }, [wait]);
}
