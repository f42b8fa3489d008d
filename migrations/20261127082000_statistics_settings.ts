import { Kysely, sql } from 'kysely';

/*
 * What the business sets about its statistics (docs/statistics.md, "Settings"): the service
 * level's target, written by the inline projection `statistics.settings` from the business's
 * `statisticssettings-` stream. A business without a row measures against 600 s.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE statistics_settings (
      tenant_id uuid PRIMARY KEY,
      service_level_target_seconds integer NOT NULL CHECK (service_level_target_seconds BETWEEN 60 AND 14400),
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE statistics_settings`.execute(db);
}
