import { Db, DomainError } from '@tabour/platform';
import '@tabour/accounts';

export const BUSINESS_DELETED = 'This business was deleted: its pages and devices are closed';

/**
 * Refuses, with 410, whatever reaches a business that deleted its account: a public page found by
 * its link, a queue request, a device's login (docs/accounts.md, "Deleting the account"). Sessions
 * are refused where they are resolved (SessionService); this is for the calls that need none.
 */
export async function refuseDeletedBusiness(db: Db, tenantId: string): Promise<void> {
  const row = await db.selectFrom('business_accounts').select('deleted_at').where('tenant_id', '=', tenantId).executeTakeFirst();
  if (row?.deleted_at) throw new DomainError(410, BUSINESS_DELETED, 'business_deleted');
}
