import { sql, type Kysely } from 'kysely';
import type { Rule, RuleFlow } from '@tabour/contracts';
import type { Database } from '@tabour/platform';
import type { MatchableRule, MatchCustomer } from './match';

/** The columns of a rule as the settings screen lists it and matching reads it. */
export const RULE_COLUMNS = [
  'id',
  'name',
  'action',
  'flow',
  'applies_to',
  'time_frame',
  'starts_on',
  'ends_on',
  'working_days',
  'position',
  'enabled',
  'created_at',
  'updated_at',
] as const;

/**
 * The enabled rules of one flow in position order, as matching reads them. Exported by the
 * library rather than the bookings' service because the queue requests match them too, and the
 * queues sit below the bookings in the API.
 */
export async function rulesOfFlow(db: Kysely<Database>, tenantId: string, flow: RuleFlow): Promise<(MatchableRule & Rule<Date>)[]> {
  const rows = await db
    .selectFrom('booking_rules')
    .select(RULE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('flow', '=', flow)
    .where('enabled', '=', true)
    .orderBy('position')
    .execute();
  return rows as (MatchableRule & Rule<Date>)[];
}

/**
 * The customer as rule matching sees them: their category and whether they came before (a
 * booking or a ticket); null when the request names no customer record of the business.
 */
export async function matchCustomer(db: Kysely<Database>, tenantId: string, customerId: string | null): Promise<MatchCustomer | null> {
  if (!customerId) return null;
  const r = await sql<{ category: string; seen: boolean }>`SELECT c.category,
      EXISTS (SELECT 1 FROM bookings b WHERE b.tenant_id = c.tenant_id AND b.customer_id = c.id AND b.status <> 'cancelled')
      OR EXISTS (SELECT 1 FROM customer_archived_bookings a WHERE a.tenant_id = c.tenant_id AND a.customer_id = c.id)
      OR EXISTS (SELECT 1 FROM queue_tickets q WHERE q.tenant_id = c.tenant_id AND q.customer_id = c.id) AS seen
    FROM customers c WHERE c.tenant_id = ${tenantId} AND c.id = ${customerId}`.execute(db);
  const row = r.rows[0];
  return row ? { category: row.category, has_history: !!row.seen } : null;
}
