import { Kysely, sql } from 'kysely';

/*
 * Rate limits kept in the database, not in one API process's memory: with several processes
 * behind a load balancer, each would otherwise allow the limit again. One row per bucket, key
 * and fixed window; the limit slides over the current and the previous window
 * (libs/platform/src/rate-limit.ts). The key is a hash, so addresses are not stored, and rows
 * older than two windows are deleted as new windows begin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      bucket        text NOT NULL,
      key_hash      text NOT NULL,
      window_start  timestamptz NOT NULL,
      hits          integer NOT NULL,
      PRIMARY KEY (bucket, key_hash, window_start)
    );
    CREATE INDEX rate_limits_window ON rate_limits (bucket, window_start);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db);
}
