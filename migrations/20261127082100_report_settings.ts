import { Kysely, sql } from 'kysely';

/*
 * Reporting mail settings (docs/statistics.md, "Reporting mails"):
 * - `report_settings`: the settings as decided, written by the inline projection
 *   `statistics.settings` (rebuildable from the `reportsetting-` streams);
 * - `report_trigger_states`: whether each setting's trigger holds, kept by the `statistics.reports`
 *   subscription in the transaction that moves its checkpoint, so a crossing is mailed once;
 * - `report_summary_schedule`: when each daily summary is next due (a UTC instant computed from
 *   the local time in the business's zone), claimed FOR UPDATE SKIP LOCKED by one instance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE report_settings (
      tenant_id uuid NOT NULL,
      id uuid PRIMARY KEY,
      title text NOT NULL,
      queue_id uuid NOT NULL,
      trigger_kpi text NOT NULL,
      trigger_operator text NOT NULL,
      trigger_value double precision NOT NULL,
      member_id uuid NOT NULL,
      content jsonb NOT NULL,
      daily_summary boolean NOT NULL,
      summary_time text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX report_settings_queue ON report_settings (tenant_id, queue_id)`.execute(db);
  await sql`
    CREATE TABLE report_trigger_states (
      tenant_id uuid NOT NULL,
      setting_id uuid PRIMARY KEY,
      triggered boolean NOT NULL,
      value double precision,
      crossings integer NOT NULL DEFAULT 0,
      changed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE report_summary_schedule (
      tenant_id uuid NOT NULL,
      setting_id uuid PRIMARY KEY,
      summary_time text NOT NULL,
      time_zone text NOT NULL,
      due_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX report_summary_schedule_due ON report_summary_schedule (due_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE report_summary_schedule`.execute(db);
  await sql`DROP TABLE report_trigger_states`.execute(db);
  await sql`DROP TABLE report_settings`.execute(db);
}
