import { Kysely, sql } from 'kysely';

/*
 * A ticket made by a booking's check-in names its booking (the booking names its ticket in
 * its own events), so the desk can tell a booked visit from a walk-in and each side finds
 * the other. The waiting list's stored JSON does not carry it: its trigger is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE queue_tickets ADD COLUMN booking_id uuid;
    CREATE UNIQUE INDEX queue_tickets_booking ON queue_tickets (tenant_id, booking_id) WHERE booking_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE queue_tickets DROP COLUMN IF EXISTS booking_id`.execute(db);
}
