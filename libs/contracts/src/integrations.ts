/**
 * The public events integrators read from the feed and receive by webhook (docs/integrations.md),
 * and the API keys that read them. The internal events stay private: libs/integrations maps them
 * to these types, so an internal change never breaks a connector. Each type has a version; a
 * change that would break a reader gets a new version beside the old one, never an edit of it.
 *
 * The zod schemas are the source of the JSON Schema files (npm run schemas) and of the OpenAPI
 * document; zod is browser-safe, so the web may validate with them too.
 */
import { z } from 'zod';
import { BOOKING_CHANNELS, RULE_FLOWS } from './bookings';
import type { Instant } from './instants';
import { CUSTOMER_CATEGORIES } from './lists';

/** Instants travel as ISO 8601 strings with an offset (UTC from the API). */
const instant = z.string().describe('ISO 8601 instant');
const id = z.string().min(1);
const ids = z.array(id);
/** A personal field: present only for a key with the pii:read scope, null once the person is erased. */
const personal = <T extends z.ZodType>(t: T) => t.nullable().optional();

const TICKET_ORIGINS = ['taken', 'redirected', 'restored'] as const;
const ticketCreatedV1 = z.object({
  ticket_id: id,
  queue_id: id,
  number: z.number().int(),
  label: z.string(),
  day: z.string().describe('the business day (YYYY-MM-DD) in the business time zone'),
  service_ids: ids,
  urgent: z.boolean(),
  member_id: id.nullable(),
  customer_id: id.nullable(),
  booking_id: id.nullable(),
  checked_in_at: instant,
  rank: z.number().int(),
  estimated_wait_seconds: z.number().nullable(),
  origin: z.enum(TICKET_ORIGINS),
  from_queue_id: id.nullable(),
  customer_name: personal(z.string()),
});
const left = {
  ticket_id: id,
  queue_id: id,
  counter_id: id.nullable(),
  at: instant,
};
const ticketCalledV1 = z.object({ ticket_id: id, queue_id: id, counter_id: id, member_id: id, at: instant, waited_seconds: z.number() });
const ticketServedV1 = z.object({ ...left, service_id: id.nullable(), served_seconds: z.number() });
const ticketNoShowV1 = z.object({ ...left, absent: z.boolean().describe('true when marked absent (may come back), false for a no-show') });
const CANCEL_REASONS = ['staff', 'customer', 'system', 'closed_at_day_end'] as const;
const ticketCancelledV1 = z.object({ ...left, reason: z.enum(CANCEL_REASONS) });
const ticketRedirectedV1 = z.object({ ...left, to_queue_id: id });
const RETURN_REASONS = ['counter_closed', 'pushed_back', 'recalled'] as const;
const ticketReturnedV1 = z.object({ ticket_id: id, queue_id: id, counter_id: id.nullable(), rank: z.number().int(), reason: z.enum(RETURN_REASONS) });

const queueFields = z.object({
  name: z.string(),
  ticket_prefix: z.string(),
  service_ids: ids,
  department_ids: ids,
  member_ids: ids,
});
const queueCreatedV1 = queueFields.extend({ queue_id: id });
const queueUpdatedV1 = queueFields.partial().extend({ queue_id: id });
const queueOnlyV1 = z.object({ queue_id: id });
const queueDelayedV1 = z.object({ queue_id: id, delay_seconds: z.number() });
const counterOpenedV1 = z.object({ counter_id: id, queue_id: id, member_id: id });
const counterClosedV1 = z.object({ counter_id: id, queue_id: id, member_id: id.nullable() });

const bookingPersonal = {
  phone_number: personal(z.string()),
  remarks: personal(z.string()),
  additional_data: personal(z.record(z.string(), z.unknown())),
  location: personal(z.object({ lat: z.number(), lng: z.number() })),
};
const bookingSlot = {
  department_id: id,
  member_id: id.nullable(),
  service_ids: ids,
  duration_minutes: z.number(),
  starts_at: instant,
  ends_at: instant,
  date: z.string().describe('the local date (YYYY-MM-DD) in the business time zone'),
  time: z.string().describe('the local time (HH:mm) in the business time zone'),
};
const bookingCreatedV1 = z.object({
  booking_id: id,
  ...bookingSlot,
  status: z.enum(['pending', 'confirmed']),
  channel: z.enum(BOOKING_CHANNELS),
  customer_id: id.nullable(),
  queue_id: id.nullable(),
  is_online: z.boolean(),
  ...bookingPersonal,
});
const bookingRescheduledV1 = z.object({ booking_id: id, ...bookingSlot, previous: z.object(bookingSlot) });
const bookingCancelledV1 = z.object({ booking_id: id, reason: personal(z.string()) });
const bookingOnlyV1 = z.object({ booking_id: id });
const bookingCheckedInV1 = z.object({ booking_id: id, queue_id: id, ticket_id: id });

const bookingRequestCreatedV1 = z.object({
  request_id: id,
  flow: z.enum(RULE_FLOWS).describe('what the matching business rule made of the request'),
  department_id: id.nullable(),
  customer_id: id.nullable(),
  starts_at: instant.nullable(),
  service_ids: ids,
  ...bookingPersonal,
});
const bookingRequestApprovedV1 = z.object({ request_id: id, booking_id: id, decided_by: id.nullable() });
const bookingRequestDeclinedV1 = z.object({ request_id: id, decided_by: id.nullable(), reason: personal(z.string()) });

const customerPersonal = {
  first_name: personal(z.string()),
  last_name: personal(z.string()),
  email: personal(z.string()),
  phone: personal(z.string()),
  second_phone: personal(z.string()),
  address: personal(z.string()),
  date_of_birth: personal(z.string()),
  place_of_birth: personal(z.string()),
  nationality: personal(z.string()),
  internal_id: personal(z.string()),
  platform_id: personal(z.string()),
  notes: personal(z.string()),
  additional_data: personal(z.record(z.string(), z.unknown())),
};
const customerCreatedV1 = z.object({
  customer_id: id,
  via: z.enum(['staff', 'import', 'kiosk']),
  category: z.enum(CUSTOMER_CATEGORIES),
  preferred_language: z.string().nullable(),
  ...customerPersonal,
});
const customerUpdatedV1 = z.object({
  customer_id: id,
  category: z.enum(CUSTOMER_CATEGORIES).optional(),
  preferred_language: z.string().nullable().optional(),
  changed: z.array(z.string()).describe('the settings that changed, and `personal` when personal fields did (their values only with pii:read)'),
  ...customerPersonal,
});
const customerErasedV1 = z.object({ customer_id: id, reason: z.enum(['request', 'history_deleted']) });

const feedbackReceivedV1 = z.object({ ticket_id: id, queue_id: id, stars: z.number().int().min(1).max(5), text: personal(z.string()) });
const deviceStatusV1 = z.object({
  device_id: id,
  device_type: z.enum(['display', 'kiosk']),
  status: z.enum(['created', 'updated', 'secret_reset', 'deleted']).describe('secret_reset signs every paired screen out'),
});

/**
 * Every public event type with its versions' data schemas, the current version last. An entry
 * is never removed or changed once published.
 */
export const PUBLIC_EVENT_SCHEMAS = {
  'ticket.created': { 1: ticketCreatedV1 },
  'ticket.called': { 1: ticketCalledV1 },
  'ticket.returned': { 1: ticketReturnedV1 },
  'ticket.served': { 1: ticketServedV1 },
  'ticket.no_show': { 1: ticketNoShowV1 },
  'ticket.cancelled': { 1: ticketCancelledV1 },
  'ticket.redirected': { 1: ticketRedirectedV1 },
  'queue.created': { 1: queueCreatedV1 },
  'queue.updated': { 1: queueUpdatedV1 },
  'queue.deleted': { 1: queueOnlyV1 },
  'queue.paused': { 1: queueOnlyV1 },
  'queue.resumed': { 1: queueOnlyV1 },
  'queue.delayed': { 1: queueDelayedV1 },
  'counter.opened': { 1: counterOpenedV1 },
  'counter.closed': { 1: counterClosedV1 },
  'booking.created': { 1: bookingCreatedV1 },
  'booking.rescheduled': { 1: bookingRescheduledV1 },
  'booking.cancelled': { 1: bookingCancelledV1 },
  'booking.checked_in': { 1: bookingCheckedInV1 },
  'booking.completed': { 1: bookingOnlyV1 },
  'booking.no_show': { 1: bookingOnlyV1 },
  'booking.deleted': { 1: bookingOnlyV1 },
  'booking_request.created': { 1: bookingRequestCreatedV1 },
  'booking_request.approved': { 1: bookingRequestApprovedV1 },
  'booking_request.declined': { 1: bookingRequestDeclinedV1 },
  'customer.created': { 1: customerCreatedV1 },
  'customer.updated': { 1: customerUpdatedV1 },
  'customer.erased': { 1: customerErasedV1 },
  'feedback.received': { 1: feedbackReceivedV1 },
  'device.status': { 1: deviceStatusV1 },
} as const satisfies Record<string, Record<number, z.ZodType>>;

export type PublicEventType = keyof typeof PUBLIC_EVENT_SCHEMAS;
export const PUBLIC_EVENT_TYPES = Object.keys(PUBLIC_EVENT_SCHEMAS) as PublicEventType[];

const CURRENT_VERSIONS = Object.fromEntries(
  PUBLIC_EVENT_TYPES.map((type) => [type, Math.max(...Object.keys(PUBLIC_EVENT_SCHEMAS[type]).map(Number))]),
) as Record<PublicEventType, number>;

/** The version served when a reader asks for none: the highest published (worked out once: a feed page asks it a thousand times). */
export function currentVersion(type: PublicEventType): number {
  return CURRENT_VERSIONS[type];
}

/** The data of the current version of each type. */
export type PublicEventData = { [T in PublicEventType]: z.infer<(typeof PUBLIC_EVENT_SCHEMAS)[T][1]> };

export const PUBLIC_RECORD_TYPES = ['ticket', 'queue', 'counter', 'booking', 'booking_request', 'customer', 'device'] as const;
export type PublicRecordType = (typeof PUBLIC_RECORD_TYPES)[number];

export const publicRecordSchema = z.object({ type: z.enum(PUBLIC_RECORD_TYPES), id });

/** The envelope shared by every type; `data` is the type's own schema at `version`. */
export const publicEnvelopeSchema = z.object({
  id: z.string().describe('unique and stable across reads and deliveries: deduplicate on it'),
  type: z.enum(PUBLIC_EVENT_TYPES as [PublicEventType, ...PublicEventType[]]),
  version: z.number().int().min(1),
  position: z.number().int().describe('the global position of the stored event: unique, increasing within a commit, not gapless, not the reading order'),
  cursor: z.string().describe('opaque: pass as ?after= to read the events after this one'),
  occurred_at: instant,
  business_id: id,
  record: publicRecordSchema,
  data: z.record(z.string(), z.unknown()),
});

export type PublicEnvelope = z.infer<typeof publicEnvelopeSchema>;
export type PublicEvent<T extends PublicEventType = PublicEventType> = T extends PublicEventType
  ? Omit<PublicEnvelope, 'type' | 'data'> & { type: T; data: PublicEventData[T] }
  : never;

/** The full schema of one type at one version: the envelope with its data. */
export function publicEventSchema(type: PublicEventType, version = currentVersion(type)) {
  const data = (PUBLIC_EVENT_SCHEMAS[type] as Record<number, z.ZodType>)[version];
  if (!data) throw new Error(`${type} has no version ${version}`);
  return publicEnvelopeSchema.extend({ type: z.literal(type), version: z.literal(version), data });
}

/** A page of the feed (GET /business/integrations/feed). */
export interface FeedPage {
  data: PublicEvent[];
  /** Where to read next: the cursor of the last event, or the position the read reached when it skipped filtered events. */
  next_cursor: string;
  /** Whether events readable now remain after this page. */
  has_more: boolean;
}

export const API_KEY_SCOPES = ['feed:read', 'pii:read', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The prefix every key starts with, so a leaked one is recognisable by secret scanners. */
export const API_KEY_PREFIX = 'tbr_';

export interface ApiKey<At = Instant> {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The first characters of the token, to tell keys apart; the token itself is shown once. */
  prefix: string;
  created_at: At;
  last_used_at: At | null;
  revoked_at: At | null;
}

/** The answer to a key's creation: the only time the token is shown. */
export interface CreatedApiKey<At = Instant> extends ApiKey<At> {
  token: string;
}

/** Requests a minute one key may make before a 429. */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;
