import { Kysely, sql } from 'kysely';

/*
 * What a booking's place is judged on beyond the department itself: the approved holidays and
 * the holding bookings around a day (libs/bookings/src/booking/availability-input.ts,
 * readBookingPlace). A create reads it twice, for its decision and in the capacity guard; the
 * guard must take its advisory locks before it reads the bookings and read them in a snapshot
 * taken after the locks, so that it sees the booking of every append that held one of them.
 * In READ COMMITTED a statement's snapshot is taken when it starts, before any lock it waits
 * for; a VOLATILE PL/pgSQL function takes a new snapshot for each statement it runs. Here the
 * locks come first and the two reads after them, so one statement of the caller (which also
 * reads the business, the department and the members, which the locks do not guard) does the
 * guard's locking and reading in one round trip instead of two.
 *
 * The statuses are written out (BOOKING_HOLDING_STATUSES) so that the partial indexes
 * bookings_department_holding and bookings_member_holding serve the read; the member ids are
 * the caller's, read in the caller's statement with the members it judges.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION booking_place_read(
      p_locks text[], p_tenant uuid, p_department uuid, p_members uuid[],
      p_range_start timestamptz, p_range_end timestamptz, p_earliest_start timestamptz,
      p_first_date date, p_last_date date, p_except uuid)
    RETURNS json LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      k text;
      held json;
      off json;
    BEGIN
      -- In the array's order, which the caller sorts: two guards never wait on each other crosswise.
      FOREACH k IN ARRAY coalesce(p_locks, '{}'::text[]) LOOP
        PERFORM pg_advisory_xact_lock(hashtextextended(k, 0));
      END LOOP;
      SELECT coalesce(json_agg(json_build_object('scope', h.scope, 'member_ids', h.member_ids, 'starts_at', h.starts_at, 'ends_at', h.ends_at)), '[]'::json)
        INTO off
        FROM holidays h
        WHERE h.tenant_id = p_tenant AND h.status = 'approved' AND h.starts_at < p_range_end AND h.ends_at > p_range_start;
      SELECT coalesce(json_agg(json_build_object(
               'id', b.id, 'department_id', b.department_id, 'member_id', b.member_id,
               'starts_at', to_char(b.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'ends_at', to_char(b.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '[]'::json)
        INTO held
        FROM bookings b
        WHERE b.tenant_id = p_tenant
          AND b.status IN ('pending', 'confirmed', 'checked_in')
          AND b.starts_at < p_range_end AND b.ends_at > p_range_start AND b.starts_at >= p_earliest_start
          AND ((b.department_id = p_department AND b.local_date >= p_first_date AND b.local_date <= p_last_date)
               OR b.member_id = ANY(p_members))
          AND (p_except IS NULL OR b.id <> p_except);
      RETURN json_build_object('holidays', off, 'bookings', held);
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS booking_place_read(text[], uuid, uuid, uuid[], timestamptz, timestamptz, timestamptz, date, date, uuid)`.execute(db);
}
