import type { Kysely } from 'kysely';
import type { Database } from '@tabour/platform';
import './tables';

/**
 * What another context may know of a business's resources: which of the ids named are its
 * active ones, and how many bookings each holds at once. The bookings context reads resources
 * through this alone (docs/resources.md), in the append's transaction when it checks a reservation.
 */
export async function reservableResources(db: Kysely<Database>, tenantId: string, ids: readonly string[]): Promise<{ id: string; capacity: number }[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('resources')
    .select(['id', 'capacity'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
}

/** The names of a business's resources among those named (deleted ones are left out), for the activity log's sentences. */
export async function resourceNames(db: Kysely<Database>, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
