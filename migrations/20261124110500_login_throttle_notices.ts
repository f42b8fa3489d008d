import { Kysely, sql } from 'kysely';

/*
 * Login throttling per account and address (docs/accounts.md): the per-account row remembers
 * until when its owner has been told of an attack, so the notice goes once per lock window and
 * not once per attempt. Rows are keyed by a hash (no e-mail or address stored); the index lets
 * rows whose window ran out long ago be deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE login_throttle ADD COLUMN notice_until timestamptz;
    CREATE INDEX login_throttle_last_failure ON login_throttle (last_failure_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS login_throttle_last_failure;
    ALTER TABLE login_throttle DROP COLUMN IF EXISTS notice_until;
  `.execute(db);
}
