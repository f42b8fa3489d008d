import { sql, type RawBuilder } from 'kysely';
import { LEAVING } from '../queue';
import type { Db } from './rows';

/**
 * A registered customer's visits, for the "queue archive" tab of their page (the customers
 * context's `customer_archived_tickets`): each archived ticket of `rows` (queue_tickets' rows,
 * or those a statement's change returns) copied with its summary.
 */
export const archiveInsert = (
  rows: RawBuilder<unknown>,
) => sql`INSERT INTO customer_archived_tickets (id, tenant_id, customer_id, queue_id, ended_at, status, summary)
  SELECT t.id, t.tenant_id, t.customer_id, t.queue_id, t.archived_at, t.status,
    jsonb_build_object('label', t.label, 'queue_name', q.name, 'day', t.day, 'checked_in_at', t.checked_in_at, 'called_at', t.called_at,
      'service_ids', t.service_ids, 'service_seconds', t.service_seconds, 'feedback_stars', t.feedback_stars)
  FROM ${rows} t LEFT JOIN queues q ON q.id = t.queue_id
  WHERE t.customer_id IS NOT NULL AND t.archived_at IS NOT NULL
  ON CONFLICT (id) DO UPDATE SET queue_id = excluded.queue_id, ended_at = excluded.ended_at, status = excluded.status, summary = excluded.summary`;

/**
 * The archive of these tickets as they now stand, for what changed them outside a run: a
 * restored ticket leaves it, one that left (or was rated) is copied again.
 */
export async function archiveTickets(db: Db, tenant: string, ids: Set<string>, restored: Set<string>): Promise<void> {
  // Only a restore takes a ticket out of the archive; the delete is skipped otherwise.
  if (restored.size) {
    await sql`DELETE FROM customer_archived_tickets a USING queue_tickets t
      WHERE a.id = t.id AND t.tenant_id = ${tenant} AND t.id = ANY(${[...restored]}::uuid[]) AND t.archived_at IS NULL`.execute(db);
  }
  await sql`${archiveInsert(sql`(SELECT * FROM queue_tickets WHERE tenant_id = ${tenant} AND id = ANY(${[...ids]}::uuid[]))`)}`.execute(db);
}

/** What the customer archive follows besides a run's ends: the other ways out, a restore, a rating. */
export const ARCHIVE_EVENTS = new Set<string>([...Object.keys(LEAVING), 'TicketRestored', 'TicketFeedbackGiven']);
