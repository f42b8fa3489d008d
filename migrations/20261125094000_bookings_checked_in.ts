import { Kysely, sql } from 'kysely';

/*
 * The bookings' clock job closes a checked-in booking when its ticket leaves the queue (served:
 * completed; no-show or absent: no-show): it reads the checked-in bookings with their tickets,
 * a small set a booking leaves once closed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX bookings_checked_in ON bookings (ticket_id) WHERE status = 'checked_in'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_checked_in`.execute(db);
}
