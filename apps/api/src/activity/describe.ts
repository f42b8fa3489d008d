import { DateTime } from 'luxon';
import {
  ACTIVITY_SENTENCE_TYPES,
  type ActivityActor,
  type ActivityItem,
  type ActivityParams,
  type ActivityRecord,
  type ActivityRecordKind,
  type ActivitySentenceType,
} from '@tabour/contracts';

type Data = Record<string, unknown>;

/** One stored event as the log reads it, its personal part already opened or left out. */
export interface LogEvent {
  position: number;
  stream_id: string;
  category: string;
  event_type: string;
  data: Data;
  actor: { type: string; id?: string; name?: string };
  recorded_at: Date;
}

/** The names the log resolves, by id, read for a whole page at once. */
export interface Names {
  zone: string;
  tickets: Map<string, { label: string; queue_id: string; customer_name: string | null; customer_id: string | null }>;
  queues: Map<string, string>;
  counters: Map<string, string>;
  customers: Map<string, string>;
  bookings: Map<string, { starts_at: Date; customer_id: string | null }>;
  departments: Map<string, string>;
  services: Map<string, string>;
  members: Map<string, string>;
  devices: Map<string, string>;
  /** Rooms and equipment a booking names. */
  resources: Map<string, string>;
  /** Whether the reader may see customers' names and texts. */
  personal: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The resources a booking's event names: all it holds when made, the new set when changed. */
const resourceIdsOf = (d: Data): unknown[] | null => {
  const list = d.resource_ids ?? (d.changes as Data | undefined)?.resource_ids;
  return Array.isArray(list) ? list : null;
};
const SENTENCES = new Set<string>(ACTIVITY_SENTENCE_TYPES);

/** The record an event is about: a ticket inside its queue's stream, else the stream's own record. */
export function recordOf(e: Pick<LogEvent, 'stream_id' | 'category' | 'data' | 'event_type'>): { kind: ActivityRecordKind; id: string } {
  const d = e.data ?? {};
  const ticketId = str(d.ticket_id) ?? str((d.ticket as Data | undefined)?.id) ?? str(d.ticket_1);
  const own = e.stream_id.slice(e.category.length + 1);
  if (e.category === 'queue' && ticketId) return { kind: 'ticket', id: ticketId };
  if (e.category === 'ticketfeedback') return { kind: 'ticket', id: ticketId ?? own };
  if (e.category === 'queue' && str(d.counter_id)) return { kind: 'counter', id: d.counter_id as string };
  const byCategory: Record<string, ActivityRecordKind> = {
    queue: 'queue',
    queuerequest: 'queue_request',
    booking: 'booking',
    bookingrequest: 'booking_request',
    customer: 'customer',
    department: 'department',
    service: 'service',
    member: 'member',
    holiday: 'holiday',
    business: 'business',
    account: 'account',
    // The membership stream is the business account's billing side.
    membership: 'account',
    user: 'user',
    kiosk: 'kiosk',
    display: 'display',
  };
  if (byCategory[e.category]) return { kind: byCategory[e.category], id: own };
  if (str(d.booking_id)) return { kind: 'booking', id: d.booking_id as string };
  return { kind: 'other', id: own };
}

/** The ids whose names a page of events needs. */
export function wantedIds(events: LogEvent[]) {
  const ids = {
    tickets: new Set<string>(),
    queues: new Set<string>(),
    counters: new Set<string>(),
    customers: new Set<string>(),
    bookings: new Set<string>(),
    devices: new Set<string>(),
    departments: new Set<string>(),
    services: new Set<string>(),
    members: new Set<string>(),
    resources: new Set<string>(),
  };
  for (const e of events) {
    const d = e.data ?? {};
    const add = (set: Set<string>, v: unknown) => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) && set.add(v);
    for (const t of [d.ticket_id, (d.ticket as Data | undefined)?.id, d.ticket_1, d.ticket_2]) add(ids.tickets, t);
    add(ids.queues, d.queue_id);
    add(ids.queues, d.to_queue_id);
    add(ids.queues, d.from_queue_id);
    add(ids.counters, d.counter_id);
    add(ids.customers, d.customer_id);
    add(ids.customers, (d.ticket as Data | undefined)?.customer_id);
    add(ids.bookings, d.booking_id);
    add(ids.departments, d.department_id);
    add(ids.services, d.service_id);
    add(ids.members, d.member_id);
    for (const id of resourceIdsOf(d) ?? []) add(ids.resources, id);
    if (e.actor.type === 'kiosk' || e.actor.type === 'display') add(ids.devices, e.actor.id);
    const own = e.stream_id.slice(e.category.length + 1);
    if (e.category === 'customer') add(ids.customers, own);
    if (e.category === 'booking') add(ids.bookings, own);
    if (e.category === 'department') add(ids.departments, own);
    if (e.category === 'service') add(ids.services, own);
    // A staff login's user id is its team member's.
    if (e.category === 'member' || e.category === 'user') add(ids.members, own);
    if (e.category === 'kiosk' || e.category === 'display') add(ids.devices, own);
    if (e.category === 'queue') add(ids.queues, own);
  }
  return ids;
}

export function actorOfEvent(e: LogEvent, names: Names): ActivityActor {
  const a = e.actor ?? { type: 'system' };
  const id = a.id ?? null;
  switch (a.type) {
    case 'user':
      return { kind: 'staff', id, name: a.name ?? null, via: null };
    case 'kiosk':
    case 'display':
      return { kind: a.type, id, name: (id && names.devices.get(id)) ?? a.name ?? null, via: null };
    case 'customer_link':
      // Replies by SMS act through the ticket's link and say so by name.
      return a.name === 'SMS' ? { kind: 'sms', id: null, name: null, via: 'SMS' } : { kind: 'customer_link', id: null, name: null, via: null };
    default:
      return { kind: 'system', id: null, name: null, via: a.name ?? null };
  }
}

/** A local time in the business's zone, the same for every reader. */
export const localTime = (iso: unknown, zone: string): string | null => {
  const d = iso instanceof Date ? DateTime.fromJSDate(iso) : typeof iso === 'string' ? DateTime.fromISO(iso) : null;
  return d?.isValid ? d.setZone(zone).toFormat('yyyy-MM-dd HH:mm') : null;
};

function labelOf(kind: ActivityRecordKind, id: string, e: LogEvent, names: Names): string | null {
  const d = e.data ?? {};
  switch (kind) {
    case 'ticket':
      return names.tickets.get(id)?.label ?? str((d.ticket as Data | undefined)?.label);
    case 'queue':
      return names.queues.get(id) ?? str((d.settings as Data | undefined)?.name);
    case 'counter':
      return names.counters.get(id) ?? str(d.name);
    case 'customer':
      return names.personal ? (names.customers.get(id) ?? null) : null;
    case 'booking': {
      const b = names.bookings.get(id);
      return localTime(b?.starts_at ?? d.starts_at, names.zone);
    }
    case 'department':
      return names.departments.get(id) ?? str(d.name);
    case 'service':
      return names.services.get(id) ?? str(d.name);
    case 'member':
      return names.members.get(id) ?? null;
    case 'user':
      return names.members.get(id) ?? ([str(d.first_name), str(d.last_name)].filter(Boolean).join(' ') || str(d.email));
    case 'kiosk':
    case 'display':
      return names.devices.get(id) ?? str(d.name);
    default:
      return str(d.name);
  }
}

/** The customer an event concerns, named only for readers allowed to, and never once erased. */
function customerOf(e: LogEvent, names: Names, kind: ActivityRecordKind, id: string): string | null {
  if (!names.personal) return null;
  const d = e.data ?? {};
  const ticket = (d.ticket as Data | undefined) ?? {};
  const personal = (d.personal as Data | null | undefined) ?? null;
  const fromPersonal = personal ? [str(personal.first_name), str(personal.last_name)].filter(Boolean).join(' ') || null : null;
  const ticketRow = kind === 'ticket' ? names.tickets.get(id) : undefined;
  const customerId = str(d.customer_id) ?? str(ticket.customer_id) ?? ticketRow?.customer_id ?? (kind === 'customer' ? id : null);
  return (customerId && names.customers.get(customerId)) ?? fromPersonal ?? str(ticket.customer_name) ?? str(d.name) ?? ticketRow?.customer_name ?? null;
}

/** An event as the log answers it: a sentence key and its parameters. */
export function describe(e: LogEvent, names: Names, personal: ActivityItem['personal']): Omit<ActivityItem, 'data' | 'correlation_id'> {
  const d = e.data ?? {};
  const { kind, id } = recordOf(e);
  const actor = actorOfEvent(e, names);
  const record: ActivityRecord = { kind, id, stream_id: e.stream_id, label: labelOf(kind, id, e, names) };
  const ticketId = kind === 'ticket' ? id : null;
  const counterId = str(d.counter_id);
  const queueId = str(d.queue_id) ?? (e.category === 'queue' ? e.stream_id.slice(6) : null);
  const params: ActivityParams = {
    actor: actor.name ?? actor.via,
    record: record.label,
    ticket: ticketId ? (names.tickets.get(ticketId)?.label ?? str((d.ticket as Data | undefined)?.label)) : null,
    queue: queueId ? (names.queues.get(queueId) ?? null) : null,
    counter: counterId ? (names.counters.get(counterId) ?? str(d.name)) : null,
    customer: customerOf(e, names, kind, id),
  };
  if (e.event_type === 'TicketsSwapped') params.text = names.tickets.get(String(d.ticket_2))?.label ?? null;
  if (e.event_type === 'TicketRedirectedOut') params.queue = names.queues.get(String(d.to_queue_id)) ?? params.queue;
  if (e.event_type === 'TicketRedirectedIn') params.reason = names.queues.get(String(d.from_queue_id)) ?? null;
  const reason = str(d.reason) ?? str(d.by) ?? str(d.status_was);
  if (reason && e.event_type !== 'TicketRedirectedIn') params.reason = reason;
  if (typeof d.rank === 'number') params.rank = d.rank;
  if (typeof d.to_rank === 'number') params.rank = d.to_rank;
  if (typeof d.stars === 'number') params.stars = d.stars;
  if (typeof d.urgent === 'boolean') params.urgent = d.urgent;
  if (typeof d.delay_seconds === 'number') params.minutes = Math.round(d.delay_seconds / 60);
  if (typeof d.service_seconds === 'number') params.minutes = Math.round(d.service_seconds / 60);
  if (d.starts_at) params.time = localTime(d.starts_at, names.zone);
  if ((d.previous as Data | undefined)?.starts_at) params.previous_time = localTime((d.previous as Data).starts_at, names.zone);
  if (e.event_type === 'TicketNoteAdded' || e.event_type === 'TicketFeedbackGiven') params.text = names.personal && personal !== 'erased' ? str(d.text) : null;
  if (e.event_type === 'CustomerErased') params.customer = null;
  if (e.event_type === 'MembershipPackageChanged') params.package = str(d.package);
  // Named when made with some, and whenever changed: an empty set reads as none.
  const resources = e.category === 'booking' ? resourceIdsOf(d) : null;
  if (resources && (resources.length || e.event_type === 'BookingUpdated'))
    params.resources = resources
      .map((id) => names.resources.get(String(id)) ?? '')
      .filter(Boolean)
      .join(', ');
  // A category's change names it by its new name when the name is what changed.
  if (e.event_type === 'CategoryUpdated') params.record = str((d.changes as Data | undefined)?.name) ?? params.record;
  if (e.category === 'membership') params.package = str(d.package) ?? (e.event_type === 'MembershipLapsed' ? str(d.previous) : null);
  const key = SENTENCES.has(e.event_type) ? (e.event_type as ActivitySentenceType) : 'generic';
  if (key === 'generic') params.event = e.event_type;
  return {
    id: e.position,
    position: e.position,
    type: e.event_type,
    category: e.category,
    stream_id: e.stream_id,
    recorded_at: e.recorded_at.toISOString(),
    actor,
    record,
    sentence: { key, params },
    personal,
  };
}

/** Keys whose values are personal in some event: left out of the raw event for readers who may not see them. */
const PERSONAL_KEYS = new Set([
  'personal',
  'pii',
  'customer_name',
  'name',
  'phone',
  'phone_number',
  'note',
  'text',
  'remarks',
  'additional_data',
  'location',
  'file_name',
  'email',
]);

/** Record names (a queue's, a department's) are not personal: only the customer-facing events' keys are hidden. */
const PERSONAL_CATEGORIES = new Set(['queue', 'queuerequest', 'ticketfeedback', 'booking', 'bookingrequest', 'customer']);

/** The raw event without its personal parts: for readers who may not see them. */
export function redact(category: string, data: unknown): unknown {
  if (!PERSONAL_CATEGORIES.has(category)) return data;
  // In a queue's stream a name is a counter's or the queue's; a person's is `customer_name`.
  const hidden = (k: string) => PERSONAL_KEYS.has(k) && !(category === 'queue' && k === 'name');
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v as Data)
        .filter(([k]) => !hidden(k))
        .map(([k, x]) => [k, walk(x)]),
    );
  };
  return walk(data);
}
