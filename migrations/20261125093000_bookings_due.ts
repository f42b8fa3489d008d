import { Kysely, sql } from 'kysely';

/*
 * The bookings' clock job (apps/api/src/bookings/checkin.job.ts) looks across businesses for
 * confirmed bookings not checked in whose start has come (auto push) or passed (no-show): a
 * small partial index, since a booking leaves it once checked in, marked or cancelled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX bookings_due ON bookings (starts_at) WHERE status = 'confirmed' AND ticket_id IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_due`.execute(db);
}
