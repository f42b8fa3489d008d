import { Kysely, sql } from 'kysely';

/*
 * The book: one row per booking, written by the inline projection bookings.bookings
 * (docs/bookings.md). local_date is the start's date in the business's zone, so the calendar's
 * range and the capacity's day are read without converting zones in SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE bookings (
      id                      uuid PRIMARY KEY,
      tenant_id               uuid NOT NULL,
      department_id           uuid NOT NULL,
      member_id               uuid,
      customer_id             uuid,
      queue_id                uuid,
      counter_ids             jsonb NOT NULL DEFAULT '[]',
      service_ids             jsonb NOT NULL DEFAULT '[]',
      duration                integer NOT NULL,
      starts_at               timestamptz NOT NULL,
      ends_at                 timestamptz NOT NULL,
      local_date              date NOT NULL,
      slot                    text NOT NULL,
      additional_data         jsonb NOT NULL DEFAULT '{}',
      remarks                 text,
      is_online               boolean NOT NULL DEFAULT false,
      channel                 text NOT NULL,
      sync_booking_with_graph boolean NOT NULL DEFAULT false,
      location                jsonb,
      phone_number            text,
      attachments             jsonb NOT NULL DEFAULT '[]',
      status                  text NOT NULL,
      ticket_id               uuid,
      cancel_reason           text,
      created_at              timestamptz NOT NULL,
      updated_at              timestamptz NOT NULL
    );
    -- The calendar: a business's (or a department's) days in order.
    CREATE INDEX bookings_calendar ON bookings (tenant_id, local_date, starts_at);
    CREATE INDEX bookings_department_day ON bookings (tenant_id, department_id, local_date, starts_at);
    -- The capacity check and the availability read: the places still held, by department and by member.
    CREATE INDEX bookings_department_holding ON bookings (department_id, local_date) WHERE status IN ('pending', 'confirmed', 'checked_in');
    CREATE INDEX bookings_member_holding ON bookings (member_id, starts_at) WHERE status IN ('pending', 'confirmed', 'checked_in') AND member_id IS NOT NULL;
    CREATE INDEX bookings_customer ON bookings (tenant_id, customer_id, starts_at) WHERE customer_id IS NOT NULL;

    CREATE TABLE booking_settings (
      tenant_id              uuid PRIMARY KEY,
      min_notice_minutes     integer NOT NULL,
      no_show_after_minutes  integer NOT NULL,
      allow_several_bookings boolean NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS booking_settings; DROP TABLE IF EXISTS bookings`.execute(db);
}
