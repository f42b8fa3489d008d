import { randomUUID } from 'node:crypto';
import type { ReportMessageType } from '@tabour/contracts';
import type { ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import './tables';

/** An e-mail to a staff member (a reporting mail): its text written already, no customer behind it. */
export interface StaffEmail {
  tenant_id: string;
  type: ReportMessageType;
  /** Unique per cause (a crossing, a summary's day): with the type it is the message's dedupe key. */
  cause: string;
  to: string;
  language: string;
  subject: string;
  body: string;
}

/**
 * Records staff e-mails in the outbox, in the caller's transaction, once per cause: the sender
 * sends them as any e-mail. They are not the customers' messages, so the business's per-type
 * toggles, SMS settings and allowance do not apply; no customer, ticket or booking is named.
 * Answers how many were new.
 */
export async function recordStaffEmails(db: ProjectionDb<Database>, mails: StaffEmail[], now = new Date()): Promise<number> {
  if (!mails.length) return 0;
  const rows = mails.map((m) => ({
    id: randomUUID(),
    tenant_id: m.tenant_id,
    dedupe_key: `${m.cause}:${m.type}:email`,
    message_type: m.type,
    channel: 'email' as const,
    recipient: m.to,
    customer_id: null,
    ticket_id: null,
    booking_id: null,
    language: m.language,
    subject: m.subject,
    body: m.body,
    encoding: null,
    segments: null,
    cost: null,
    status: 'queued',
    skip_reason: null,
    fallback_of: null,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  }));
  const inserted = await db
    .insertInto('notification_messages')
    .values(rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}
