import type { Principal } from '@tabour/platform';

/** Kinds of room a client may ask for besides its business room. */
export const ROOM_KINDS = ['queue', 'counter', 'display', 'kiosk', 'ticket'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

export const businessRoom = (tenantId: string) => `business:${tenantId}`;
/** Rooms inside a business carry its id, so a client can never join another business's room. */
export const scopedRoom = (tenantId: string, kind: Exclude<RoomKind, 'ticket'>, id: string) => `business:${tenantId}:${kind}:${id}`;
/** A public ticket page knows only the ticket's unguessable uid. */
export const ticketRoom = (uid: string) => `ticket:${uid}`;
/**
 * The pages of every ticket of a queue. Nobody asks for it by name: a socket is put in it when
 * it subscribes to a ticket of that queue, so one notice reaches a thousand waiting customers
 * at the cost of one room, not a thousand.
 */
export const queueTicketsRoom = (queueId: string) => `queue-tickets:${queueId}`;

const ID = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * Which room a `subscribe` request names for this caller, or null when it may not join.
 * Pure, so the rule is tested without sockets.
 */
export function roomFor(principal: Principal | undefined, kind: string, id: string): string | null {
  if (!ID.test(id)) return null;
  if (kind === 'ticket') return ticketRoom(id);
  if (!principal || !(ROOM_KINDS as readonly string[]).includes(kind)) return null;
  // A device hears only its own room and the queues it serves; staff hear any room of their business.
  if (principal.kind === 'display' && !((kind === 'display' && id === principal.displayId) || kind === 'queue')) return null;
  if (principal.kind === 'kiosk' && !((kind === 'kiosk' && id === principal.kioskId) || kind === 'queue')) return null;
  return scopedRoom(principal.tenantId, kind as Exclude<RoomKind, 'ticket'>, id);
}

/** What clients receive: enough to know which view to refetch, nothing of the data itself. */
export interface ChangeNotice {
  view: string;
  key: string;
  position: number;
  type?: string;
}
