import { currentVersion, type PublicEvent, type PublicEventType, PUBLIC_EVENT_SCHEMAS } from '@tabour/contracts';
import type { RecordedEvent } from '@tabour/eventstore';
import { decodeCursor, encodeCursor } from './cursor';
import { mapStored, type MapOptions } from './public-mapping';
import { upcastStored } from './upcasters';

/**
 * The one mapping from stored events to public ones (docs/integrations.md). Pure: the caller
 * reads the events, opens their personal part when the reader may see it, and hands them here.
 * The feed and the webhooks both go through it, so an integrator sees the same event either way.
 */

export type { MapOptions };

/**
 * The internal event types each public type comes from: the feed narrows its read with them
 * when asked for some types only, and a test checks the mapping emits nothing else.
 */
export const PUBLIC_SOURCES: Record<PublicEventType, readonly string[]> = {
  'ticket.created': ['TicketPushed', 'TicketRedirectedIn', 'TicketRestored'],
  'ticket.called': ['TicketCalled'],
  'ticket.returned': ['TicketReturnedToWaiting'],
  'ticket.served': ['TicketEnded'],
  'ticket.no_show': ['TicketMarkedNoShow', 'TicketMarkedAbsent'],
  'ticket.cancelled': ['TicketRevoked', 'TicketClosedAtDayEnd'],
  'ticket.redirected': ['TicketRedirectedOut'],
  'queue.created': ['QueueCreated'],
  'queue.updated': ['QueueUpdated'],
  'queue.deleted': ['QueueDeleted'],
  'queue.paused': ['QueuePaused'],
  'queue.resumed': ['QueueResumed'],
  'queue.delayed': ['QueueDelayed'],
  'counter.opened': ['CounterOpened'],
  'counter.closed': ['CounterClosed'],
  'booking.created': ['BookingCreated'],
  'booking.rescheduled': ['BookingRescheduled'],
  'booking.cancelled': ['BookingCancelled'],
  'booking.checked_in': ['BookingCheckedIn'],
  'booking.completed': ['BookingCompleted'],
  'booking.no_show': ['BookingMarkedNoShow'],
  'booking.deleted': ['BookingDeleted'],
  'booking_request.created': ['BookingRequested'],
  'booking_request.approved': ['BookingRequestApproved'],
  'booking_request.declined': ['BookingRequestDeclined'],
  'customer.created': ['CustomerRegistered'],
  'customer.updated': ['CustomerUpdated', 'CustomerCategoryChanged'],
  'customer.erased': ['CustomerErased'],
  'feedback.received': ['TicketFeedbackGiven'],
  'device.status': [
    'DisplayCreated',
    'DisplayUpdated',
    'DisplaySecretReset',
    'DisplayDeleted',
    'KioskCreated',
    'KioskUpdated',
    'KioskSecretReset',
    'KioskDeleted',
  ],
};

/** Every internal event type that yields a public event. */
export const PUBLIC_SOURCE_TYPES: readonly string[] = [...new Set(Object.values(PUBLIC_SOURCES).flat())];

/** The internal types behind some public types (all of them when none is given). */
export function sourcesOf(types: readonly PublicEventType[] | undefined): readonly string[] {
  return types?.length ? [...new Set(types.flatMap((t) => PUBLIC_SOURCES[t]))] : PUBLIC_SOURCE_TYPES;
}

export type StoredEvent = Pick<RecordedEvent, 'eventId' | 'type' | 'data' | 'position' | 'recordedAt' | 'tenantId' | 'metadata'>;

/**
 * A stored event as its public events, each in the envelope at its current version. An event
 * an integrator has no use for (a ticket's rank moving, a setting of the numbering) yields none.
 * The id is the stored event's id with the index of the public event it gave, so it is the same
 * on every read and delivery.
 */
export function toPublicEvents(event: StoredEvent, options: MapOptions): PublicEvent[] {
  const upcast = upcastStored(event);
  return mapStored(upcast, options).map((m, index) => ({
    id: `${event.eventId}.${index}`,
    type: m.type,
    version: currentVersion(m.type),
    position: Number(event.position),
    cursor: options.transactionId ? encodeCursor({ transactionId: options.transactionId, position: Number(event.position), index }) : '',
    occurred_at: new Date(event.recordedAt).toISOString(),
    business_id: String(event.tenantId),
    record: m.record,
    data: m.data,
  })) as PublicEvent[];
}

/** Whether the public type has a published schema (the contract test asks it of every type the mapping emits). */
export const isPublicType = (t: string): t is PublicEventType => t in PUBLIC_EVENT_SCHEMAS;

export { decodeCursor, encodeCursor };
