import { Kysely, sql } from 'kysely';

/*
 * Analysts no longer read this database: a login here could LISTEN to the product's
 * notifications, send its own, take the advisory locks the product waits on and lift its
 * read-only default with a SET. They read a database of their own, `<this database>_analytics`,
 * which the product creates with the first analyst and fills from the log (docs/statistics.md,
 * "Analysts"). The group role keeps nothing here; the analysts bound by an earlier version are
 * moved there by the product at its next start, and the function that made them says where to
 * go instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tabour_analyst') THEN
        REVOKE ALL ON ALL TABLES IN SCHEMA public FROM tabour_analyst;
        REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM tabour_analyst;
        REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM tabour_analyst;
      END IF;
    END $$;

    DROP FUNCTION statistics_add_analyst(text, uuid, text);
    CREATE FUNCTION statistics_add_analyst(p_role text, p_tenant uuid, p_password text) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'Analysts read the analytics database now: run npm run analysts -- add % % (docs/statistics.md)', p_role, p_tenant
        USING ERRCODE = 'feature_not_supported';
    END $$;
    REVOKE ALL ON FUNCTION statistics_add_analyst(text, uuid, text) FROM PUBLIC;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION statistics_add_analyst(text, uuid, text);
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
    GRANT SELECT ON statistics_v1_tickets_daily, statistics_v1_durations_daily, statistics_v1_hourly, statistics_v1_bookings_daily,
      statistics_v1_feedback_daily, statistics_v1_counters_daily, statistics_v1_estimates_weekly, statistics_v1_payments,
      statistics_v1_ticket_archive TO tabour_analyst;
    GRANT SELECT ON statistics_tickets_daily, statistics_durations_daily, statistics_hourly, statistics_bookings_daily,
      statistics_feedback_daily, statistics_counters_daily, statistics_estimates_weekly, statistics_payments, statistics_tickets,
      statistics_analysts TO tabour_analyst;
  `.execute(db);
}
