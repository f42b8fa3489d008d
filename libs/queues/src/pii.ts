import { sql } from 'kysely';
import type { InlineProjection } from '@tabour/eventstore';
import { conflict } from '@tabour/platform';
import { erasureProjection, keyStoringProjection, openingProjection, personalEvents, type AnyEvent, type PersonalEventSpec } from '@tabour/privacy';

/**
 * Personal text in queue events (docs/queues.md, "Personal data in queue events"): a walk-in's
 * name, a ticket's notes, feedback text, a queue request's name, phone and note. Each is sealed
 * with a data key of its ticket or request (the subject) at the store's write boundary; the
 * decider, the state in memory and the inline projections see plain text. Erasure destroys the
 * subject's key, after which the log only yields the placeholders below. How sealing works and
 * where the keys live: docs/privacy.md.
 */

const TICKET_ARRIVING: PersonalEventSpec = {
  subject: (d) => (d.ticket as { id: string }).id,
  within: 'ticket',
  fields: ['customer_name'],
  erased: { customer_name: null },
};
const REQUEST_FIELDS = ['name', 'phone', 'note'] as const;
const requestId = (d: Record<string, unknown>) => d.request_id as string;
const ticketId = (d: Record<string, unknown>) => d.ticket_id as string;

/** The text a note reads as once its ticket's key is destroyed. */
export const ERASED_NOTE_TEXT = '';

/** The queue events that may carry personal text, and how they are sealed. */
export const queuePersonalData = personalEvents({
  TicketPushed: TICKET_ARRIVING,
  TicketRedirectedIn: TICKET_ARRIVING,
  TicketRestored: TICKET_ARRIVING,
  TicketNoteAdded: { subject: ticketId, fields: ['text'], erased: { text: ERASED_NOTE_TEXT } },
  TicketFeedbackGiven: { subject: ticketId, fields: ['text'], erased: { text: null } },
  QueueRequestSubmitted: { subject: requestId, fields: REQUEST_FIELDS, erased: { name: '', phone: '', note: null } },
  QueueRequestUpdated: { subject: requestId, within: 'changes', fields: REQUEST_FIELDS, erased: {} },
});

/**
 * An inline projection that sees plain text. A request whose key is gone is skipped whole (its
 * name and phone are what it is), as the customers' projection skips an erased customer.
 */
export const openingQueueProjection = <E extends AnyEvent, D>(projection: InlineProjection<E, D>): InlineProjection<E, D> =>
  openingProjection(queuePersonalData, projection, ['QueueRequestSubmitted']);

/** Stores the keys made for new tickets and requests, in the transaction of the append that sealed with them. */
export const queuePiiKeysProjection = keyStoringProjection('queues.pii_keys', queuePersonalData, () => conflict('The ticket is busy: try again', 'queue_busy'));

/** Keeps each element's other fields and blanks its text, in order. */
const BLANK_NOTES = sql`COALESCE((SELECT jsonb_agg(n.v || jsonb_build_object('text', ${ERASED_NOTE_TEXT}::text) ORDER BY n.i)
  FROM jsonb_array_elements(queue_tickets.notes) WITH ORDINALITY AS n(v, i)), '[]'::jsonb)`;

/**
 * Erasure reaches the queues: the tickets' and requests' keys are destroyed, and their read rows
 * lose the text a rebuild would no longer find (names, note texts, feedback text; a request is
 * nothing without its name and phone, so its row goes). The history deletion takes every ticket
 * that left the live list and every request decided.
 */
export const queuePiiErasureProjection = erasureProjection(
  'queues.pii_erasure',
  {
    tickets: { table: 'queue_tickets', history: () => sql`archived_at IS NOT NULL` },
    requests: { table: 'queue_requests', history: () => sql`status <> 'pending'` },
  },
  async (db, tenant, { tickets, requests }) => {
    await sql`UPDATE queue_tickets SET customer_name = NULL, feedback_text = NULL, notes = ${BLANK_NOTES}
      WHERE tenant_id = ${tenant} AND id IN (${tickets})
        AND (customer_name IS NOT NULL OR feedback_text IS NOT NULL OR jsonb_array_length(notes) > 0)`.execute(db);
    await sql`DELETE FROM queue_requests WHERE tenant_id = ${tenant} AND id IN (${requests})`.execute(db);
  },
);
