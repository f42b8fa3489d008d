import { sql } from 'kysely';
import type { InlineProjection } from '@tabour/eventstore';
import { erasureProjection, keyStoringProjection, openingProjection, personalEvents, type AnyEvent, type PersonalEventSpec } from '@tabour/privacy';

/**
 * Personal text in booking events (docs/bookings.md, "Personal data in booking events"): a
 * booking's phone number, remarks, form answers and location, and a booking request's copy of
 * them. Each is sealed with a data key of its booking or request (the subject) at the store's
 * write boundary; deciders and the inline projections see plain text. Erasure destroys the
 * subject's key, after which the log only yields the placeholders below. The keys live in the
 * same table as the queues' (docs/privacy.md).
 */

const FIELDS = ['phone_number', 'remarks', 'additional_data', 'location'] as const;
const ERASED = { phone_number: null, remarks: null, additional_data: {}, location: null };
const bookingId = (d: Record<string, unknown>) => d.booking_id as string;
const requestId = (d: Record<string, unknown>) => d.request_id as string;
// A field given as null is sealed too: the log does not tell that a phone or remark was cleared.
const spec = (subject: PersonalEventSpec['subject'], within: string | undefined, erased: Record<string, unknown>): PersonalEventSpec => ({
  subject,
  within,
  fields: FIELDS,
  erased,
  sealsNull: true,
});

/** The booking events that may carry personal text, and how they are sealed. */
export const bookingPersonalData = personalEvents({
  BookingCreated: spec(bookingId, undefined, ERASED),
  BookingUpdated: spec(bookingId, 'changes', {}),
  BookingRequested: spec(requestId, 'data', ERASED),
  BookingRequestApproved: spec(requestId, 'data', ERASED),
});

/** An inline projection that sees plain text: sealed events are opened before it applies them. */
export const openingBookingProjection = <E extends AnyEvent, D>(projection: InlineProjection<E, D>): InlineProjection<E, D> =>
  openingProjection(bookingPersonalData, projection);

/**
 * Stores the keys held for new bookings (`holdNewKey`), in the transaction of the append that
 * sealed with them. Only an id made for this append gets a held key: another key standing for it is a fault.
 */
export const bookingPiiKeysProjection = keyStoringProjection(
  'bookings.pii_keys',
  bookingPersonalData,
  () => new Error('a data key already stood for a booking whose id was just made'),
);

/** A request's stored input once its key is gone, as a rebuild reads its sealed events. */
const ERASED_INPUT = JSON.stringify(ERASED);

/**
 * Erasure reaches the bookings: the keys of the bookings and requests concerned are destroyed,
 * and their read rows lose the text a rebuild would no longer find. The history deletion takes
 * the bookings that have ended and the requests decided.
 */
export const bookingPiiErasureProjection = erasureProjection(
  'bookings.pii_erasure',
  {
    bookings: { table: 'bookings', history: (e) => sql`ends_at < ${e.recordedAt}` },
    requests: { table: 'booking_requests', history: () => sql`status <> 'pending'` },
  },
  async (db, tenant, { bookings, requests }) => {
    await sql`UPDATE bookings SET phone_number = NULL, remarks = NULL, additional_data = '{}'::jsonb, location = NULL
      WHERE tenant_id = ${tenant} AND id IN (${bookings})`.execute(db);
    // Only an input that held personal fields was sealed; one without any rebuilds as it is.
    await sql`UPDATE booking_requests SET data = data || ${ERASED_INPUT}::jsonb
      WHERE tenant_id = ${tenant} AND id IN (${requests}) AND data ?| array['phone_number', 'remarks', 'additional_data', 'location']`.execute(db);
  },
);
