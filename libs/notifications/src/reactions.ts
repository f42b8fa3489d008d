import type { MessageType } from '@tabour/contracts';
import type { RecordedEvent } from '@tabour/eventstore';
import type { MessageIntent } from './outbox';

/**
 * Which customer messages an event asks for (docs/notifications.md, "What sends what"). Pure:
 * what an event does not carry (the ticket of a call, the queue's and counter's names, the
 * ticket now at the get-ready place) comes in `facts`, read by the reactor for the batch.
 */

export interface TicketFacts {
  id: string;
  uid: string;
  label: string;
  customer_id: string | null;
  queue_id: string;
  rank: number | null;
  estimated_wait_seconds: number | null;
}

export interface ReactionFacts {
  publicUrl: string;
  /** Queue id → name. */
  queues: Map<string, string>;
  /** Counter id → name. */
  counters: Map<string, string>;
  /** Ticket id → what the messages say of it. */
  tickets: Map<string, TicketFacts>;
  /** Queue id → the waiting tickets, for a delay's message and the get-ready place. */
  waiting: Map<string, TicketFacts[]>;
  /** How many places ahead makes a ticket "get ready" (the business's setting). */
  getReadyPlaces: (tenantId: string) => number;
  /** Whether the business offers feedback on its ticket links. */
  feedbackOn: (tenantId: string) => boolean;
  /** Booking id → the booking's customer, start and place (read at reaction time, for the events that do not carry them). */
  bookings: Map<string, { customer_id: string | null; starts_at: string; phone_number: string | null; department_id: string; service_ids: string[] }>;
  /** How many counters of a queue are open now (none: a new ticket's wait cannot be estimated). */
  openCounters: (queueId: string) => number;
  /** Department id → name, service id → name (a booking's message names them). */
  departments: Map<string, string>;
  services: Map<string, string>;
}

type Data = Record<string, unknown>;

/**
 * A ticket's "created" message is caused by the ticket, not by the event: a kiosk that texts
 * its tickets records the same message at once, and whichever comes second is the same row.
 */
export const ticketCreatedCause = (ticketId: string) => `ticket-created:${ticketId}`;
const minutes = (seconds: unknown) => (typeof seconds === 'number' ? Math.max(0, Math.round(seconds / 60)) : null);

function ticketMessage(
  e: RecordedEvent,
  type: MessageType,
  t: TicketFacts,
  facts: ReactionFacts,
  values: MessageIntent['values'] = {},
  cause = e.eventId,
): MessageIntent {
  return {
    tenant_id: e.tenantId!,
    type,
    cause,
    customer_id: t.customer_id,
    ticket_id: t.id,
    values: {
      ticket_number: t.label,
      queue: facts.queues.get(t.queue_id) ?? '',
      ticket_link: `${facts.publicUrl}/t/${t.uid}`,
      ...values,
    },
  };
}

/** A ticket as an arriving event carries it. */
function arriving(e: RecordedEvent): TicketFacts {
  const d = e.data as Data & { ticket: Data; queue_id: string; rank: number; estimated_wait_seconds?: number };
  return {
    id: d.ticket.id as string,
    uid: d.ticket.uid as string,
    label: d.ticket.label as string,
    customer_id: (d.ticket.customer_id as string | null) ?? null,
    queue_id: d.queue_id,
    rank: d.rank,
    estimated_wait_seconds: d.estimated_wait_seconds ?? null,
  };
}

/** The waiting ticket now at the get-ready place of a queue whose line just moved up. */
function getReady(e: RecordedEvent, queueId: string, facts: ReactionFacts): MessageIntent[] {
  const places = facts.getReadyPlaces(e.tenantId!);
  if (places <= 0) return [];
  const t = (facts.waiting.get(queueId) ?? []).find((w) => w.rank === places);
  // Once per ticket, whatever moved it there.
  return t ? [ticketMessage(e, 'QUEUE_GET_READY', t, facts, { place: t.rank, estimate_minutes: minutes(t.estimated_wait_seconds) }, `get-ready:${t.id}`)] : [];
}

export function queueMessages(e: RecordedEvent, facts: ReactionFacts): MessageIntent[] {
  const d = e.data as Data & { queue_id: string; ticket_id?: string };
  const ticket = d.ticket_id ? facts.tickets.get(d.ticket_id) : undefined;
  switch (e.type) {
    case 'TicketPushed': {
      const t = arriving(e);
      // With no counter open there is nothing to estimate from: the message without a time. Next in
      // line at an open counter is "about 1 min", never "0 min".
      if (!facts.openCounters(t.queue_id)) return [ticketMessage(e, 'QUEUE_TICKET_WITHOUT_TIME', t, facts, { place: t.rank }, ticketCreatedCause(t.id))];
      const wait = Math.max(1, minutes(t.estimated_wait_seconds) ?? 1);
      return [ticketMessage(e, 'QUEUE_TICKET_CREATED', t, facts, { place: t.rank, estimate_minutes: wait }, ticketCreatedCause(t.id))];
    }
    case 'TicketRedirectedIn': {
      const t = arriving(e);
      const from = facts.queues.get(d.from_queue_id as string) ?? '';
      return [
        ticketMessage(e, 'QUEUE_TICKET_REDIRECTED', t, facts, { place: t.rank, estimate_minutes: minutes(t.estimated_wait_seconds), previous_queue: from }),
      ];
    }
    case 'TicketCalled':
      return [
        ...(ticket ? [ticketMessage(e, 'QUEUE_CALL_NEXT', ticket, facts, { counter: facts.counters.get(d.counter_id as string) ?? '' })] : []),
        ...getReady(e, d.queue_id, facts),
      ];
    case 'TicketRevoked':
      return [...(ticket ? [ticketMessage(e, 'QUEUE_TICKET_CANCELED', ticket, facts, { reason: null })] : []), ...getReady(e, d.queue_id, facts)];
    case 'TicketMarkedNoShow':
    case 'TicketMarkedAbsent':
    case 'TicketRedirectedOut':
    case 'TicketHeld':
      return getReady(e, d.queue_id, facts);
    case 'TicketMoved':
    case 'TicketsSwapped': {
      // The staff moved a ticket (a customer running late moved their own): its customer is told the new place.
      const moved = e.type === 'TicketsSwapped' ? [d.ticket_1 as string, d.ticket_2 as string] : d.reason === 'late' ? [] : [d.ticket_id as string];
      const waiting = facts.waiting.get(d.queue_id) ?? [];
      const told = moved
        .map((id) => waiting.find((w) => w.id === id))
        .filter((w): w is TicketFacts => !!w)
        .map((w) =>
          ticketMessage(
            e,
            'QUEUE_TICKET_UPDATED',
            w,
            facts,
            { place: w.rank, estimate_minutes: Math.max(1, minutes(w.estimated_wait_seconds) ?? 1) },
            `${e.eventId}:${w.id}`,
          ),
        );
      return [...told, ...getReady(e, d.queue_id, facts)];
    }
    case 'TicketEnded':
      return ticket && facts.feedbackOn(e.tenantId!)
        ? [ticketMessage(e, 'QUEUE_FEEDBACK', ticket, facts, { feedback_link: `${facts.publicUrl}/f/${ticket.uid}` })]
        : [];
    case 'TicketClosedAtDayEnd':
      return ticket ? [ticketMessage(e, 'QUEUE_CLOSING', ticket, facts, { closing_time: null })] : [];
    case 'QueueDelayed': {
      const delay = minutes(d.delay_seconds);
      if (!delay) return [];
      return (facts.waiting.get(d.queue_id) ?? []).map((t) =>
        ticketMessage(e, 'QUEUE_DELAY', t, facts, { delay_minutes: delay, estimate_minutes: minutes(t.estimated_wait_seconds) }, `${e.eventId}:${t.id}`),
      );
    }
    default:
      return [];
  }
}

export function bookingMessages(e: RecordedEvent, facts: ReactionFacts): MessageIntent[] {
  const d = e.data as Data & { booking_id: string };
  const known = facts.bookings.get(d.booking_id);
  const base = (type: MessageType, values: MessageIntent['values'] = {}): MessageIntent[] => {
    const customer = (d.customer_id as string | null | undefined) ?? known?.customer_id ?? null;
    const startsAt = (d.starts_at as string | undefined) ?? known?.starts_at;
    const department = (d.department_id as string | undefined) ?? known?.department_id;
    const serviceIds = (d.service_ids as string[] | undefined) ?? known?.service_ids ?? [];
    const place = {
      department: department ? (facts.departments.get(department) ?? '') : '',
      services: serviceIds
        .map((id) => facts.services.get(id))
        .filter(Boolean)
        .join(', '),
    };
    const phone = known?.phone_number ?? null;
    if (!customer && !phone) return [];
    return [
      {
        tenant_id: e.tenantId!,
        type,
        cause: e.eventId,
        customer_id: customer,
        booking_id: d.booking_id,
        starts_at: startsAt,
        values: { ...place, ...values },
        ...(phone ? { contact: { phone } } : {}),
      },
    ];
  };
  switch (e.type) {
    case 'BookingCreated':
      // An import may ask not to tell the customers.
      return d.notify_customer === false ? [] : base('BOOKING_CREATED');
    case 'BookingRescheduled':
      return base('BOOKING_UPDATED');
    case 'BookingCancelled':
      return base('BOOKING_CANCELED', { reason: (d.reason as string | null) ?? null });
    default:
      return [];
  }
}

/** The queue events after which the line may have moved up (the get-ready place is looked at). */
export const LINE_MOVING_EVENTS = [
  'TicketCalled',
  'TicketRevoked',
  'TicketMarkedNoShow',
  'TicketMarkedAbsent',
  'TicketRedirectedOut',
  'TicketHeld',
  'TicketMoved',
  'TicketsSwapped',
] as const;
