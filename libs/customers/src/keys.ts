import type { ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import './tables';

type Db = ProjectionDb<Database>;

/**
 * Keys this process made or read lately, so an import's appends skip one round trip each. A key
 * leaves with its customer's erasure; a stale entry here could only open events of a customer
 * whose rows the replayed CustomerErased deletes again.
 */
const recentKeys = new Map<string, Buffer>();
const RECENT_KEYS_MAX = 50_000;

export function rememberKey(customerId: string, key: Buffer): void {
  if (recentKeys.size >= RECENT_KEYS_MAX) recentKeys.clear();
  recentKeys.set(customerId, key);
}

/** Forgets an erased customer's key with the key's row. */
export function forgetKey(customerId: string): void {
  recentKeys.delete(customerId);
}

/** The customer's key, from those remembered or its row (read in the caller's transaction); null once erased. */
export async function keyOf(db: Db, customerId: string): Promise<Buffer | null> {
  const known = recentKeys.get(customerId);
  if (known) return known;
  const row = await db.selectFrom('customer_keys').select('data_key').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.data_key ?? null;
}

/** The keys of these customers of the business, for opening their sealed events; an erased customer has none. */
export async function customerKeys(db: Db, tenantId: string, customerIds: readonly string[]): Promise<Map<string, Buffer>> {
  const keys = new Map<string, Buffer>();
  if (!customerIds.length) return keys;
  const rows = await db
    .selectFrom('customer_keys')
    .select(['customer_id', 'data_key'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', 'in', customerIds)
    .execute();
  for (const k of rows) keys.set(k.customer_id, k.data_key);
  return keys;
}
