import { Kysely, sql } from 'kysely';

/*
 * The SMS allowance renews with each month of a paid period (docs/notifications.md, "The SMS
 * allowance"): the row says which window its consumption belongs to, so the first SMS of a new
 * window starts from 0. NULL is the trial's or FREE's single window, which never renews; the
 * rows written before keep NULL, so a trial's consumption stays and a paid business starts its
 * current window afresh at its next SMS.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sms_allowances ADD COLUMN window_starts_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sms_allowances DROP COLUMN window_starts_at`.execute(db);
}
