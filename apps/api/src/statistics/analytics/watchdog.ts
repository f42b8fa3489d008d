import type { Logger } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { AnySchema } from '@tabour/eventstore';

/** How often the watchdog looks at the analysts' sessions. */
export const WATCHDOG_MS = 1000;

interface Found {
  pid: number;
  role: string;
  database: string | null;
  reason: string;
}

/**
 * What PostgreSQL's own settings cannot hold against the analyst who may change them: every
 * second, the product ends each analyst's session that is connected to any database but the
 * analytics one, holds a transaction id (which would hold back every reader of the log on the
 * server), or has kept a transaction idle longer than its limit, and cancels a statement
 * running longer than it, whatever the session SET (docs/security.md, "Analysts"). The
 * analysts' prepared transactions, which outlive their sessions, are rolled back.
 */
export async function watchAnalysts(product: Kysely<AnySchema>, analytics: Kysely<AnySchema>, analyticsDatabase: string, log: Logger): Promise<number> {
  const analysts = await sql<{ role_name: string; statement_timeout_ms: number }>`
    SELECT role_name, statement_timeout_ms FROM statistics_analysts`.execute(analytics);
  if (!analysts.rows.length) return 0;
  const names = analysts.rows.map((r) => r.role_name);
  const limits = analysts.rows.map((r) => r.statement_timeout_ms);
  const found = await sql<Found>`
    WITH seen AS (
      SELECT a.pid, a.usename AS role, a.datname AS database,
        CASE
          WHEN a.datname IS DISTINCT FROM ${analyticsDatabase} THEN 'connected to another database'
          WHEN a.backend_xid IS NOT NULL THEN 'holding a transaction id'
          WHEN a.state LIKE 'idle in transaction%' AND a.state_change < clock_timestamp() - r.ms * interval '1 millisecond' THEN 'idle in a transaction too long'
          WHEN a.state = 'active' AND a.query_start < clock_timestamp() - r.ms * interval '1 millisecond' THEN 'running a statement too long'
        END AS reason
      FROM pg_stat_activity a
      JOIN unnest(${names}::text[], ${limits}::int[]) AS r(name, ms) ON a.usename = r.name
      WHERE a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'
    )
    SELECT pid, role, database, reason,
      CASE WHEN reason = 'running a statement too long' THEN pg_cancel_backend(pid) ELSE pg_terminate_backend(pid) END AS done
    FROM seen WHERE reason IS NOT NULL`.execute(product);
  for (const f of found.rows) {
    log.warn(
      `analyst ${f.role}: ${f.reason === 'running a statement too long' ? 'statement cancelled' : 'session ended'}, ${f.reason} (database ${f.database ?? 'none'}, pid ${f.pid})`,
    );
  }
  const prepared = await sql<{ gid: string; role: string }>`
    SELECT gid, owner AS role FROM pg_prepared_xacts WHERE owner = ANY(${names}::text[]) AND database = ${analyticsDatabase}`.execute(analytics);
  for (const p of prepared.rows) {
    await sql`ROLLBACK PREPARED ${sql.lit(p.gid)}`.execute(analytics);
    log.warn(`analyst ${p.role}: prepared transaction ${JSON.stringify(p.gid)} rolled back`);
  }
  return found.rows.length + prepared.rows.length;
}
