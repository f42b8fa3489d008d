import type { PublicEventData, PublicEventType, PublicRecordType } from '@tabour/contracts';
import type { RecordedEvent } from '@tabour/eventstore';

/** Each kind of stored event's public events (docs/integrations.md); public-events.ts puts them in their envelopes. */

type Data = Record<string, unknown>;

export interface MapOptions {
  /**
   * Whether personal fields are included (the key's pii:read scope). The event's personal part
   * must then have been opened; a sealed part (`pii`) or an erased one yields nulls.
   */
  personal: boolean;
  /** The writing transaction of the stored event (es_events.transaction_id): makes the cursor. */
  transactionId?: string | null;
}

export interface Mapped<T extends PublicEventType = PublicEventType> {
  type: T;
  record: { type: PublicRecordType; id: string };
  data: PublicEventData[T];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Whether the personal part is still sealed: nothing personal can be read from it here. */
const sealed = (container: unknown) => !!container && typeof container === 'object' && 'pii' in (container as object);

/**
 * A personal field as the reader may see it: left out without the scope, null when sealed,
 * erased or empty, so an erased person's data never comes out.
 */
function personalFields(options: MapOptions, container: Data | undefined, fields: Record<string, string>, empty: Record<string, unknown> = {}): Data {
  if (!options.personal) return {};
  const open = container && !sealed(container);
  const out: Data = {};
  for (const [to, from] of Object.entries(fields)) {
    const v = open ? container[from] : undefined;
    out[to] = v === undefined || v === '' ? (to in empty ? empty[to] : null) : v;
  }
  return out;
}

/** Drops the keys a schema marks optional that were left undefined, so the JSON is tidy. */
function tidy<T extends Data>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

const one = <T extends PublicEventType>(type: T, recordType: PublicRecordType, recordId: string, data: PublicEventData[T]): Mapped[] => [
  { type, record: { type: recordType, id: recordId }, data: tidy(data as Data) as PublicEventData[T] } as unknown as Mapped,
];

const BOOKING_PERSONAL = { phone_number: 'phone_number', remarks: 'remarks', additional_data: 'additional_data', location: 'location' };
const CUSTOMER_PERSONAL = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  phone: 'phone',
  second_phone: 'second_phone',
  address: 'address',
  date_of_birth: 'date_of_birth',
  place_of_birth: 'place_of_birth',
  nationality: 'nationality',
  internal_id: 'internal_id',
  platform_id: 'platform_id',
  notes: 'notes',
  additional_data: 'additional_data',
};
const QUEUE_FIELDS = ['name', 'ticket_prefix', 'service_ids', 'department_ids', 'member_ids'] as const;

function ticketCreated(d: Data, origin: 'taken' | 'redirected' | 'restored', options: MapOptions): Mapped[] {
  const t = (d.ticket ?? {}) as Data;
  return one('ticket.created', 'ticket', String(t.id), {
    ticket_id: String(t.id),
    queue_id: String(d.queue_id),
    number: Number(t.number),
    label: String(t.label),
    day: String(t.day),
    service_ids: strs(t.service_ids),
    urgent: t.urgent === true,
    member_id: str(t.member_id),
    customer_id: str(t.customer_id),
    booking_id: str(t.booking_id),
    checked_in_at: String(t.checked_in_at),
    rank: Number(d.rank),
    estimated_wait_seconds: num(d.estimated_wait_seconds),
    origin,
    from_queue_id: str(d.from_queue_id),
    ...(personalFields(options, t, { customer_name: 'customer_name' }) as { customer_name?: string | null }),
  });
}

const leftFields = (d: Data) => ({ ticket_id: String(d.ticket_id), queue_id: String(d.queue_id), counter_id: str(d.counter_id), at: String(d.at) });

function queueFields(settings: Data): Data {
  const out: Data = {};
  for (const f of QUEUE_FIELDS) if (f in settings) out[f] = f === 'name' || f === 'ticket_prefix' ? String(settings[f]) : strs(settings[f]);
  return out;
}

function slotOf(d: Data) {
  return {
    department_id: String(d.department_id),
    member_id: str(d.member_id),
    service_ids: strs(d.service_ids),
    duration_minutes: Number(d.duration),
    starts_at: String(d.starts_at),
    ends_at: String(d.ends_at),
    date: String(d.date),
    time: String(d.slot),
  };
}

/** A ticket's life in its queue, and its feedback: its public events, or undefined for an event of another kind. */
function ticketEvents(type: string, d: Data, options: MapOptions): Mapped[] | undefined {
  switch (type) {
    case 'TicketPushed':
      return ticketCreated(d, 'taken', options);
    case 'TicketRedirectedIn':
      return ticketCreated(d, 'redirected', options);
    case 'TicketRestored':
      return ticketCreated(d, 'restored', options);
    case 'TicketCalled':
      return one('ticket.called', 'ticket', String(d.ticket_id), {
        ticket_id: String(d.ticket_id),
        queue_id: String(d.queue_id),
        counter_id: String(d.counter_id),
        member_id: String(d.member_id),
        at: String(d.at),
        waited_seconds: Number(d.waited_seconds),
      });
    case 'TicketReturnedToWaiting':
      return one('ticket.returned', 'ticket', String(d.ticket_id), {
        ticket_id: String(d.ticket_id),
        queue_id: String(d.queue_id),
        counter_id: str(d.counter_id),
        rank: Number(d.to_rank),
        reason: d.reason as PublicEventData['ticket.returned']['reason'],
      });
    case 'TicketEnded':
      return one('ticket.served', 'ticket', String(d.ticket_id), { ...leftFields(d), service_id: str(d.service_id), served_seconds: Number(d.served_seconds) });
    case 'TicketMarkedNoShow':
    case 'TicketMarkedAbsent':
      return one('ticket.no_show', 'ticket', String(d.ticket_id), { ...leftFields(d), absent: type === 'TicketMarkedAbsent' });
    case 'TicketRevoked':
      return one('ticket.cancelled', 'ticket', String(d.ticket_id), { ...leftFields(d), reason: d.by as 'staff' | 'customer' | 'system' });
    case 'TicketClosedAtDayEnd':
      return one('ticket.cancelled', 'ticket', String(d.ticket_id), { ...leftFields(d), reason: 'closed_at_day_end' });
    case 'TicketRedirectedOut':
      return one('ticket.redirected', 'ticket', String(d.ticket_id), { ...leftFields(d), to_queue_id: String(d.to_queue_id) });
    case 'TicketFeedbackGiven':
      return one('feedback.received', 'ticket', String(d.ticket_id), {
        ticket_id: String(d.ticket_id),
        queue_id: String(d.queue_id),
        stars: Number(d.stars),
        ...(personalFields(options, d, { text: 'text' }) as { text?: string | null }),
      });
  }
  return undefined;
}

/** A queue's settings and its counters' opening: its public events, or undefined for an event of another kind. */
function queueEvents(type: string, d: Data, _options: MapOptions): Mapped[] | undefined {
  switch (type) {
    case 'QueueCreated': {
      // Every field, even from a queue created before one of them existed.
      const settings = (d.settings ?? {}) as Data;
      return one('queue.created', 'queue', String(d.queue_id), {
        queue_id: String(d.queue_id),
        name: String(settings.name ?? ''),
        ticket_prefix: String(settings.ticket_prefix ?? ''),
        service_ids: strs(settings.service_ids),
        department_ids: strs(settings.department_ids),
        member_ids: strs(settings.member_ids),
      });
    }
    case 'QueueUpdated': {
      const fields = queueFields((d.changes ?? {}) as Data);
      // A change of settings an integrator does not see (numbering, kiosk options) is not news to them.
      return Object.keys(fields).length ? one('queue.updated', 'queue', String(d.queue_id), { queue_id: String(d.queue_id), ...fields }) : [];
    }
    case 'QueueDeleted':
      return one('queue.deleted', 'queue', String(d.queue_id), { queue_id: String(d.queue_id) });
    case 'QueuePaused':
      return one('queue.paused', 'queue', String(d.queue_id), { queue_id: String(d.queue_id) });
    case 'QueueResumed':
      return one('queue.resumed', 'queue', String(d.queue_id), { queue_id: String(d.queue_id) });
    case 'QueueDelayed':
      return one('queue.delayed', 'queue', String(d.queue_id), { queue_id: String(d.queue_id), delay_seconds: Number(d.delay_seconds) });
    case 'CounterOpened':
      return one('counter.opened', 'counter', String(d.counter_id), {
        counter_id: String(d.counter_id),
        queue_id: String(d.queue_id),
        member_id: String(d.member_id),
      });
    case 'CounterClosed':
      return one('counter.closed', 'counter', String(d.counter_id), {
        counter_id: String(d.counter_id),
        queue_id: String(d.queue_id),
        member_id: str(d.member_id),
      });
  }
  return undefined;
}

/** Bookings and booking requests: its public events, or undefined for an event of another kind. */
function bookingEvents(type: string, d: Data, options: MapOptions): Mapped[] | undefined {
  switch (type) {
    case 'BookingCreated':
      return one('booking.created', 'booking', String(d.booking_id), {
        booking_id: String(d.booking_id),
        ...slotOf(d),
        status: d.status as 'pending' | 'confirmed',
        channel: d.channel as PublicEventData['booking.created']['channel'],
        customer_id: str(d.customer_id),
        queue_id: str(d.queue_id),
        is_online: d.is_online === true,
        ...personalFields(options, d, BOOKING_PERSONAL, { additional_data: {} }),
      });
    case 'BookingRescheduled':
      return one('booking.rescheduled', 'booking', String(d.booking_id), {
        booking_id: String(d.booking_id),
        ...slotOf(d),
        previous: slotOf((d.previous ?? {}) as Data),
      });
    case 'BookingCancelled':
      return one('booking.cancelled', 'booking', String(d.booking_id), {
        booking_id: String(d.booking_id),
        ...(options.personal ? { reason: str(d.reason) } : {}),
      });
    case 'BookingCheckedIn':
      return one('booking.checked_in', 'booking', String(d.booking_id), {
        booking_id: String(d.booking_id),
        queue_id: String(d.queue_id),
        ticket_id: String(d.ticket_id),
      });
    case 'BookingCompleted':
      return one('booking.completed', 'booking', String(d.booking_id), { booking_id: String(d.booking_id) });
    case 'BookingMarkedNoShow':
      return one('booking.no_show', 'booking', String(d.booking_id), { booking_id: String(d.booking_id) });
    case 'BookingDeleted':
      return one('booking.deleted', 'booking', String(d.booking_id), { booking_id: String(d.booking_id) });
    case 'BookingRequested': {
      const input = (d.data ?? {}) as Data;
      return one('booking_request.created', 'booking_request', String(d.request_id), {
        request_id: String(d.request_id),
        flow: d.flow as PublicEventData['booking_request.created']['flow'],
        department_id: str(d.department_id),
        customer_id: str(d.customer_id),
        starts_at: str(input.starts_at),
        service_ids: strs(input.service_ids),
        ...personalFields(options, input, BOOKING_PERSONAL, { additional_data: {} }),
      });
    }
    case 'BookingRequestApproved':
      return one('booking_request.approved', 'booking_request', String(d.request_id), {
        request_id: String(d.request_id),
        booking_id: String(d.booking_id),
        decided_by: str(d.by),
      });
    case 'BookingRequestDeclined':
      return one('booking_request.declined', 'booking_request', String(d.request_id), {
        request_id: String(d.request_id),
        decided_by: str(d.by),
        ...(options.personal ? { reason: str(d.reason) } : {}),
      });
  }
  return undefined;
}

/** Customers: its public events, or undefined for an event of another kind. */
function customerEvents(type: string, d: Data, options: MapOptions): Mapped[] | undefined {
  switch (type) {
    case 'CustomerRegistered':
      return one('customer.created', 'customer', String(d.customer_id), {
        customer_id: String(d.customer_id),
        via: (d.via ?? 'staff') as 'staff' | 'import' | 'kiosk',
        category: (d.category ?? 'BASIC') as PublicEventData['customer.created']['category'],
        preferred_language: str(d.preferred_language),
        ...personalFields(options, (d.personal ?? undefined) as Data | undefined, CUSTOMER_PERSONAL, { additional_data: {} }),
      });
    case 'CustomerUpdated': {
      const changes = (d.changes ?? {}) as Data;
      const personalChanged = d.personal != null || (typeof d.pii === 'string' && d.pii !== '');
      const changedPersonal = (options.personal && d.personal && typeof d.personal === 'object' ? d.personal : {}) as Data;
      const personalOut: Data = {};
      // Only the personal fields that changed: the others are not news, and null would read as "cleared".
      for (const [to, from] of Object.entries(CUSTOMER_PERSONAL))
        if (from in changedPersonal) personalOut[to] = changedPersonal[from] === '' ? null : changedPersonal[from];
      return one('customer.updated', 'customer', String(d.customer_id), {
        customer_id: String(d.customer_id),
        ...('category' in changes ? { category: changes.category as PublicEventData['customer.updated']['category'] } : {}),
        ...('preferred_language' in changes ? { preferred_language: str(changes.preferred_language) } : {}),
        changed: [
          ...Object.keys(changes).filter((k) => k === 'category' || k === 'preferred_language' || k === 'book_more_than_once'),
          ...(personalChanged ? ['personal'] : []),
        ],
        ...personalOut,
      });
    }
    case 'CustomerCategoryChanged':
      return one('customer.updated', 'customer', String(d.customer_id), {
        customer_id: String(d.customer_id),
        category: d.category as PublicEventData['customer.updated']['category'],
        changed: ['category'],
      });
    case 'CustomerErased':
      return one('customer.erased', 'customer', String(d.customer_id), {
        customer_id: String(d.customer_id),
        reason: d.reason as 'request' | 'history_deleted',
      });
  }
  return undefined;
}

/** Displays and kiosks: its public events, or undefined for an event of another kind. */
function deviceEvents(type: string, d: Data, _options: MapOptions): Mapped[] | undefined {
  switch (type) {
    case 'DisplayCreated':
    case 'DisplayUpdated':
    case 'DisplaySecretReset':
    case 'DisplayDeleted':
    case 'KioskCreated':
    case 'KioskUpdated':
    case 'KioskSecretReset':
    case 'KioskDeleted': {
      const display = type.startsWith('Display');
      const deviceId = String(display ? d.display_id : d.kiosk_id);
      return one('device.status', 'device', deviceId, {
        device_id: deviceId,
        device_type: display ? 'display' : 'kiosk',
        status: DEVICE_STATUS[type.replace(/^(Display|Kiosk)/, '')],
      });
    }
  }
  return undefined;
}

const MAPPERS = [ticketEvents, queueEvents, bookingEvents, customerEvents, deviceEvents];

/** The mapping itself: one stored event (already upcast) to its public events, in order. */
export function mapStored(e: Pick<RecordedEvent, 'type' | 'data'>, options: MapOptions): Mapped[] {
  const d = (e.data ?? {}) as Data;
  for (const mapper of MAPPERS) {
    const mapped = mapper(e.type, d, options);
    if (mapped) return mapped;
  }
  return [];
}

const DEVICE_STATUS: Record<string, PublicEventData['device.status']['status']> = {
  Created: 'created',
  Updated: 'updated',
  SecretReset: 'secret_reset',
  Deleted: 'deleted',
};
