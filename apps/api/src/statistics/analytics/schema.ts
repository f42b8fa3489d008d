import { Kysely, sql } from 'kysely';
import type { AnySchema } from '@tabour/eventstore';
import * as statisticsTables from '../../../../../migrations/20261126090000_statistics';

interface AnalyticsMigration {
  up(db: Kysely<AnySchema>): Promise<void>;
}

/**
 * The analytics database's schema, in order. It starts from the product's own statistics
 * migration, so the projection writes the same tables there and analysts read the same views;
 * a later migration that changes those tables' shape is listed here too (the confinement test
 * compares the columns of both databases).
 */
export const ANALYTICS_MIGRATIONS: [string, AnalyticsMigration][] = [
  ['20261126090000_statistics', statisticsTables],
  [
    '20261201100000_analytics',
    {
      async up(db) {
        await sql`
          -- Where the mirror of the statistics projection stands in the product's log, moved in
          -- the transaction of the rows it writes.
          CREATE TABLE analytics_checkpoint (
            name           text PRIMARY KEY,
            transaction_id xid8 NOT NULL DEFAULT '0',
            position       bigint NOT NULL DEFAULT 0,
            updated_at     timestamptz NOT NULL DEFAULT now()
          );
          INSERT INTO analytics_checkpoint (name) VALUES ('statistics.figures');

          -- Each analyst's limits: connections, and how long one statement or one open
          -- transaction may last before the product ends it.
          ALTER TABLE statistics_analysts
            ADD COLUMN connection_limit integer NOT NULL DEFAULT 3 CHECK (connection_limit BETWEEN 1 AND 50),
            ADD COLUMN statement_timeout_ms integer NOT NULL DEFAULT 60000 CHECK (statement_timeout_ms BETWEEN 1000 AND 3600000),
            ADD COLUMN added_at timestamptz NOT NULL DEFAULT now();

          -- Roles are made by the product (npm run analysts), which also grants the database.
          DROP FUNCTION statistics_add_analyst(text, uuid, text);
        `.execute(db);
      },
    },
  ],
];

/**
 * Applies the migrations the analytics database lacks, in one transaction. The caller holds
 * the product database's lock for it (AnalyticsKeeper): no lock is taken in this database,
 * where analysts can take any advisory lock they like.
 */
export async function migrateAnalytics(db: Kysely<AnySchema>): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS analytics_schema (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  return db.transaction().execute(async (trx) => {
    const done = new Set((await sql<{ name: string }>`SELECT name FROM analytics_schema`.execute(trx)).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const [name, migration] of ANALYTICS_MIGRATIONS) {
      if (done.has(name)) continue;
      await migration.up(trx);
      await sql`INSERT INTO analytics_schema (name) VALUES (${name})`.execute(trx);
      applied.push(name);
    }
    return applied;
  });
}
