import { Kysely, sql } from 'kysely';

/*
 * When a business deleted its account (BusinessAccountDeleted): every session, device and public
 * page of the business is refused from then on by this one column (docs/accounts.md, "Deleting
 * the account"). A business deleted before it gets the time of its event, and the sessions its
 * kiosks and displays still held end.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE business_accounts ADD COLUMN deleted_at timestamptz;
    UPDATE business_accounts b SET deleted_at = e.recorded_at
      FROM (SELECT tenant_id, min(recorded_at) AS recorded_at FROM es_events WHERE event_type = 'BusinessAccountDeleted' GROUP BY tenant_id) e
      WHERE e.tenant_id = b.tenant_id;
    UPDATE device_sessions s SET revoked_at = now()
      FROM business_accounts b
      WHERE b.tenant_id = s.tenant_id AND b.deleted_at IS NOT NULL AND s.revoked_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE business_accounts DROP COLUMN deleted_at`.execute(db);
}
