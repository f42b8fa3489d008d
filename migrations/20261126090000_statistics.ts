import { Kysely, sql } from 'kysely';

/*
 * The statistics context (docs/statistics.md): async projections of queue, booking, payment,
 * feedback, service, department and business events into per-business aggregates keyed by the
 * business's local day (and hour where the heatmap needs it).
 *
 * - statistics_zones, statistics_service_departments: what the projection needs to know of
 *   other contexts, kept from their events so that it reads nothing but its own tables.
 * - statistics_tickets, statistics_bookings, statistics_counter_sessions, statistics_customers:
 *   the projection's working state per ticket, booking, open counter and customer; each also
 *   guards its aggregates (an outcome is added once per ticket, whatever replays).
 * - statistics_tickets_daily, statistics_durations_daily, statistics_hourly,
 *   statistics_bookings_daily, statistics_feedback_daily, statistics_counters_daily,
 *   statistics_estimates_weekly, statistics_payments: the figures.
 *
 * A dimension that does not apply (a ticket without a service, not yet at a counter) is the
 * nil uuid, so each aggregate has a plain primary key.
 *
 * Analysts: versioned views statistics_v1_* (security_invoker, so the row-level security of
 * their base tables applies), the group role tabour_analyst (SELECT on the views only) and
 * statistics_analysts, which binds a login role to one business; statistics_add_analyst()
 * creates such a role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE statistics_zones (
      tenant_id uuid PRIMARY KEY,
      time_zone text NOT NULL
    );

    CREATE TABLE statistics_service_departments (
      tenant_id     uuid NOT NULL,
      department_id uuid NOT NULL,
      service_id    uuid NOT NULL,
      PRIMARY KEY (tenant_id, service_id, department_id)
    );

    CREATE TABLE statistics_tickets (
      tenant_id     uuid NOT NULL,
      ticket_id     uuid NOT NULL,
      queue_id      uuid NOT NULL,
      service_id    uuid NOT NULL,
      department_id uuid NOT NULL,
      member_id     uuid NOT NULL,
      counter_id    uuid NOT NULL,
      customer_id   uuid,
      arrived_at    timestamptz NOT NULL,
      estimate_seconds integer,
      waited        boolean NOT NULL DEFAULT false,
      outcome       text,
      rated         boolean NOT NULL DEFAULT false,
      PRIMARY KEY (tenant_id, ticket_id)
    );

    CREATE TABLE statistics_customers (
      tenant_id   uuid NOT NULL,
      customer_id uuid NOT NULL,
      first_day   date NOT NULL,
      PRIMARY KEY (tenant_id, customer_id)
    );

    CREATE TABLE statistics_counter_sessions (
      tenant_id  uuid NOT NULL,
      counter_id uuid NOT NULL,
      queue_id   uuid NOT NULL,
      member_id  uuid NOT NULL,
      opened_at  timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, counter_id)
    );

    CREATE TABLE statistics_bookings (
      tenant_id     uuid NOT NULL,
      booking_id    uuid NOT NULL,
      department_id uuid NOT NULL,
      member_id     uuid NOT NULL,
      service_id    uuid NOT NULL,
      channel       text NOT NULL,
      outcome       text,
      PRIMARY KEY (tenant_id, booking_id)
    );

    CREATE TABLE statistics_tickets_daily (
      tenant_id     uuid NOT NULL,
      day           date NOT NULL,
      queue_id      uuid NOT NULL,
      service_id    uuid NOT NULL,
      department_id uuid NOT NULL,
      counter_id    uuid NOT NULL,
      member_id     uuid NOT NULL,
      taken         integer NOT NULL DEFAULT 0,
      served        integer NOT NULL DEFAULT 0,
      no_show       integer NOT NULL DEFAULT 0,
      absent        integer NOT NULL DEFAULT 0,
      cancelled     integer NOT NULL DEFAULT 0,
      redirected    integer NOT NULL DEFAULT 0,
      closed_at_day_end integer NOT NULL DEFAULT 0,
      wait_count    integer NOT NULL DEFAULT 0,
      wait_sum      bigint NOT NULL DEFAULT 0,
      service_count integer NOT NULL DEFAULT 0,
      service_sum   bigint NOT NULL DEFAULT 0,
      new_customers integer NOT NULL DEFAULT 0,
      returning_customers integer NOT NULL DEFAULT 0,
      walk_ins      integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, day, queue_id, service_id, department_id, counter_id, member_id)
    );

    -- kind: 'w' waiting (call − arrival), 's' service (end − call); bucket = seconds / 30, capped at 240.
    CREATE TABLE statistics_durations_daily (
      tenant_id     uuid NOT NULL,
      day           date NOT NULL,
      queue_id      uuid NOT NULL,
      service_id    uuid NOT NULL,
      department_id uuid NOT NULL,
      counter_id    uuid NOT NULL,
      member_id     uuid NOT NULL,
      kind          char(1) NOT NULL CHECK (kind IN ('w', 's')),
      bucket        smallint NOT NULL,
      count         integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, day, kind, queue_id, service_id, department_id, counter_id, member_id, bucket)
    );

    -- The two above summed per month (day = the month's first day), same columns in the same
    -- order: breakdowns by counter, service or member over long ranges read whole months here.
    CREATE TABLE statistics_tickets_monthly (LIKE statistics_tickets_daily INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
    ALTER TABLE statistics_tickets_monthly ADD PRIMARY KEY (tenant_id, day, queue_id, service_id, department_id, counter_id, member_id);
    CREATE TABLE statistics_durations_monthly (LIKE statistics_durations_daily INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
    ALTER TABLE statistics_durations_monthly ADD PRIMARY KEY (tenant_id, day, kind, queue_id, service_id, department_id, counter_id, member_id, bucket);

    -- The two above summed per queue and for the whole business (queue_id = nil): what the
    -- calls read when no other dimension is asked for, whatever the number of counters and members.
    CREATE TABLE statistics_tickets_rollup (
      tenant_id     uuid NOT NULL,
      day           date NOT NULL,
      queue_id      uuid NOT NULL,
      taken         integer NOT NULL DEFAULT 0,
      served        integer NOT NULL DEFAULT 0,
      no_show       integer NOT NULL DEFAULT 0,
      absent        integer NOT NULL DEFAULT 0,
      cancelled     integer NOT NULL DEFAULT 0,
      redirected    integer NOT NULL DEFAULT 0,
      closed_at_day_end integer NOT NULL DEFAULT 0,
      wait_count    integer NOT NULL DEFAULT 0,
      wait_sum      bigint NOT NULL DEFAULT 0,
      service_count integer NOT NULL DEFAULT 0,
      service_sum   bigint NOT NULL DEFAULT 0,
      new_customers integer NOT NULL DEFAULT 0,
      returning_customers integer NOT NULL DEFAULT 0,
      walk_ins      integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, queue_id, day)
    );
    CREATE TABLE statistics_durations_rollup (
      tenant_id uuid NOT NULL,
      day       date NOT NULL,
      queue_id  uuid NOT NULL,
      kind      char(1) NOT NULL CHECK (kind IN ('w', 's')),
      bucket    smallint NOT NULL,
      count     integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, queue_id, day, kind, bucket)
    );

    -- Arrivals and waits by local hour: the heatmap and the hour peak.
    CREATE TABLE statistics_hourly (
      tenant_id  uuid NOT NULL,
      day        date NOT NULL,
      hour       smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      queue_id   uuid NOT NULL,
      service_id uuid NOT NULL,
      taken      integer NOT NULL DEFAULT 0,
      wait_count integer NOT NULL DEFAULT 0,
      wait_sum   bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, day, hour, queue_id, service_id)
    );

    CREATE TABLE statistics_bookings_daily (
      tenant_id     uuid NOT NULL,
      day           date NOT NULL,
      department_id uuid NOT NULL,
      member_id     uuid NOT NULL,
      service_id    uuid NOT NULL,
      channel       text NOT NULL,
      made          integer NOT NULL DEFAULT 0,
      cancelled     integer NOT NULL DEFAULT 0,
      honoured      integer NOT NULL DEFAULT 0,
      no_show       integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, day, department_id, member_id, service_id, channel)
    );

    CREATE TABLE statistics_feedback_daily (
      tenant_id  uuid NOT NULL,
      day        date NOT NULL,
      queue_id   uuid NOT NULL,
      service_id uuid NOT NULL,
      counter_id uuid NOT NULL,
      member_id  uuid NOT NULL,
      stars      smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
      count      integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, day, queue_id, service_id, counter_id, member_id, stars)
    );

    CREATE TABLE statistics_counters_daily (
      tenant_id       uuid NOT NULL,
      day             date NOT NULL,
      queue_id        uuid NOT NULL,
      counter_id      uuid NOT NULL,
      member_id       uuid NOT NULL,
      open_seconds    bigint NOT NULL DEFAULT 0,
      serving_seconds bigint NOT NULL DEFAULT 0,
      served          integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, day, queue_id, counter_id, member_id)
    );

    -- week: the local Monday of the ISO week of the call.
    CREATE TABLE statistics_estimates_weekly (
      tenant_id       uuid NOT NULL,
      week            date NOT NULL,
      queue_id        uuid NOT NULL,
      count           integer NOT NULL DEFAULT 0,
      abs_error_sum   bigint NOT NULL DEFAULT 0,
      under_count     integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, week, queue_id)
    );

    CREATE TABLE statistics_payments (
      tenant_id    uuid NOT NULL,
      payment_id   uuid NOT NULL,
      booking_id   uuid NOT NULL,
      day          date NOT NULL,
      method       text NOT NULL,
      status       text NOT NULL,
      amount_cents bigint NOT NULL,
      recorded_at  timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, payment_id)
    );
    CREATE INDEX statistics_payments_day ON statistics_payments (tenant_id, day);
    CREATE INDEX statistics_payments_booking ON statistics_payments (tenant_id, booking_id);
  `.execute(db);

  // Analysts' views: versioned by name; a new shape is a new version beside the old one.
  await sql`
    CREATE VIEW statistics_v1_tickets_daily WITH (security_invoker = true) AS
      SELECT tenant_id, day, queue_id, service_id, department_id, counter_id, member_id, taken, served, no_show, absent,
             cancelled, redirected, closed_at_day_end, wait_count, wait_sum AS wait_seconds_sum, service_count,
             service_sum AS service_seconds_sum, new_customers, returning_customers, walk_ins
        FROM statistics_tickets_daily;
    CREATE VIEW statistics_v1_durations_daily WITH (security_invoker = true) AS
      SELECT tenant_id, day, queue_id, service_id, department_id, counter_id, member_id,
             CASE kind WHEN 'w' THEN 'waiting' ELSE 'service' END AS kind, bucket * 30 AS from_seconds, count
        FROM statistics_durations_daily;
    CREATE VIEW statistics_v1_hourly WITH (security_invoker = true) AS
      SELECT tenant_id, day, hour, queue_id, service_id, taken, wait_count, wait_sum AS wait_seconds_sum FROM statistics_hourly;
    CREATE VIEW statistics_v1_bookings_daily WITH (security_invoker = true) AS
      SELECT tenant_id, day, department_id, member_id, service_id, channel, made, cancelled, honoured, no_show FROM statistics_bookings_daily;
    CREATE VIEW statistics_v1_feedback_daily WITH (security_invoker = true) AS
      SELECT tenant_id, day, queue_id, service_id, counter_id, member_id, stars, count FROM statistics_feedback_daily;
    CREATE VIEW statistics_v1_counters_daily WITH (security_invoker = true) AS
      SELECT tenant_id, day, queue_id, counter_id, member_id, open_seconds, serving_seconds,
             greatest(open_seconds - serving_seconds, 0) AS idle_seconds, served
        FROM statistics_counters_daily;
    CREATE VIEW statistics_v1_estimates_weekly WITH (security_invoker = true) AS
      SELECT tenant_id, week, queue_id, count, abs_error_sum AS absolute_error_seconds_sum, under_count AS under_estimated FROM statistics_estimates_weekly;
    CREATE VIEW statistics_v1_payments WITH (security_invoker = true) AS
      SELECT tenant_id, payment_id, booking_id, day, method, status, amount_cents, recorded_at FROM statistics_payments;
    -- The ticket archive without anything a person typed (names and notes stay out).
    CREATE VIEW statistics_v1_ticket_archive WITH (security_invoker = true) AS
      SELECT tenant_id, ticket_id, queue_id, service_id, department_id, member_id, counter_id, customer_id, arrived_at,
             estimate_seconds, outcome
        FROM statistics_tickets;
  `.execute(db);

  await sql`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tabour_analyst') THEN
        CREATE ROLE tabour_analyst NOLOGIN;
      END IF;
    END $$;

    CREATE TABLE statistics_analysts (
      role_name text PRIMARY KEY,
      tenant_id uuid NOT NULL
    );

    GRANT SELECT ON statistics_v1_tickets_daily, statistics_v1_durations_daily, statistics_v1_hourly, statistics_v1_bookings_daily,
      statistics_v1_feedback_daily, statistics_v1_counters_daily, statistics_v1_estimates_weekly, statistics_v1_payments,
      statistics_v1_ticket_archive TO tabour_analyst;
    -- security_invoker views read their base tables as the analyst: SELECT there, filtered by the policies below.
    GRANT SELECT ON statistics_tickets_daily, statistics_durations_daily, statistics_hourly, statistics_bookings_daily,
      statistics_feedback_daily, statistics_counters_daily, statistics_estimates_weekly, statistics_payments, statistics_tickets TO tabour_analyst;
    GRANT SELECT ON statistics_analysts TO tabour_analyst;
  `.execute(db);

  for (const table of [
    'statistics_tickets_daily',
    'statistics_durations_daily',
    'statistics_hourly',
    'statistics_bookings_daily',
    'statistics_feedback_daily',
    'statistics_counters_daily',
    'statistics_estimates_weekly',
    'statistics_payments',
    'statistics_tickets',
  ]) {
    // The application's role owns these tables and is not subject to the policy (no FORCE).
    await sql`ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY`.execute(db);
    await sql`CREATE POLICY analyst_own_business ON ${sql.table(table)} FOR SELECT TO tabour_analyst
      USING (tenant_id = (SELECT a.tenant_id FROM statistics_analysts a WHERE a.role_name = current_user))`.execute(db);
  }
  await sql`ALTER TABLE statistics_analysts ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY analyst_self ON statistics_analysts FOR SELECT TO tabour_analyst USING (role_name = current_user)`.execute(db);

  // An operator's way to give one business's analyst a login (docs/statistics.md).
  await sql`
    CREATE FUNCTION statistics_add_analyst(p_role text, p_tenant uuid, p_password text) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role) THEN
        EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE tabour_analyst', p_role, p_password);
      ELSE
        EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L', p_role, p_password);
        EXECUTE format('GRANT tabour_analyst TO %I', p_role);
      END IF;
      EXECUTE format('ALTER ROLE %I SET default_transaction_read_only = on', p_role);
      INSERT INTO statistics_analysts AS a (role_name, tenant_id) VALUES (p_role, p_tenant)
        ON CONFLICT (role_name) DO UPDATE SET tenant_id = EXCLUDED.tenant_id;
    END $$;
    REVOKE ALL ON FUNCTION statistics_add_analyst(text, uuid, text) FROM PUBLIC;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION IF EXISTS statistics_add_analyst(text, uuid, text);
    DROP VIEW IF EXISTS statistics_v1_tickets_daily, statistics_v1_durations_daily, statistics_v1_hourly, statistics_v1_bookings_daily,
      statistics_v1_feedback_daily, statistics_v1_counters_daily, statistics_v1_estimates_weekly, statistics_v1_payments,
      statistics_v1_ticket_archive;
    DROP TABLE IF EXISTS statistics_analysts, statistics_zones, statistics_service_departments, statistics_tickets, statistics_customers,
      statistics_counter_sessions, statistics_bookings, statistics_tickets_daily, statistics_durations_daily, statistics_hourly,
      statistics_bookings_daily, statistics_feedback_daily, statistics_counters_daily, statistics_estimates_weekly, statistics_payments,
      statistics_tickets_rollup, statistics_durations_rollup, statistics_tickets_monthly, statistics_durations_monthly;
  `.execute(db);
}
