import type { RecordedEvent } from '@tabour/eventstore';

/**
 * Stored events are never rewritten, so the log holds every shape an event type ever had. The
 * mapping to public events is written against the current shape only; each upcaster here brings
 * one older shape up to the next, so an internal change (a field added, renamed, moved) needs
 * one upcaster and leaves every public version readable as before.
 *
 * An upcaster says which stored events it applies to by `schemaVersion` (metadata, 1 unless an
 * append says otherwise) and, for changes made before versions were bumped, by the shape itself.
 */
export interface Upcaster {
  type: string;
  /** Applies to stored events of this schema version (and, with `when`, of this shape). */
  fromVersion: number;
  when?(data: Record<string, unknown>): boolean;
  up(data: Record<string, unknown>): Record<string, unknown>;
  /** The version the upcast data has; the same when the shape changed without a bump. */
  toVersion: number;
}

type Data = Record<string, unknown>;

/** Tickets taken before bookings could be checked in had no `booking_id`, nor `late` before lateness was kept. */
const ticketDefaults = (data: Data): Data => {
  const ticket = (data.ticket ?? {}) as Data;
  return { ...data, ticket: { booking_id: null, late: false, ...ticket } };
};
const ticketIsOld = (data: Data) =>
  !!data.ticket && typeof data.ticket === 'object' && !('booking_id' in (data.ticket as Data) && 'late' in (data.ticket as Data));

export const UPCASTERS: readonly Upcaster[] = [
  ...(['TicketPushed', 'TicketRedirectedIn', 'TicketRestored'] as const).map((type) => ({
    type,
    fromVersion: 1,
    toVersion: 1,
    when: ticketIsOld,
    up: ticketDefaults,
  })),
];

type Upcastable = Pick<RecordedEvent, 'type' | 'data'> & { metadata?: { schemaVersion?: number } };

/** The stored event in the shape the mapping reads, through every upcaster that applies, in order. */
export function upcastStored<E extends Upcastable>(event: E, upcasters: readonly Upcaster[] = UPCASTERS): E {
  let version = event.metadata?.schemaVersion ?? 1;
  let data = (event.data ?? {}) as Data;
  let changed = false;
  for (const u of upcasters) {
    if (u.type !== event.type || u.fromVersion !== version || (u.when && !u.when(data))) continue;
    data = u.up(data);
    version = u.toVersion;
    changed = true;
  }
  return changed ? { ...event, data, metadata: { ...(event.metadata ?? {}), schemaVersion: version } } : event;
}
