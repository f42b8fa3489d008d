import { sql } from 'kysely';
import { keepsReadTables, rebuildProjection } from '@tabour/eventstore';
import type { Db } from '@tabour/platform';
import type { ProjectionRegistry } from '../../apps/api/src/eventing/projection-registry';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every asynchronous projection's checkpoint is at the log's head, as a quiet system's would be. */
export async function asyncProjectionsCaughtUp(db: Db, registry: ProjectionRegistry, timeoutMs = 30_000): Promise<void> {
  const names = registry
    .projections()
    .filter((p) => p.kind === 'async')
    .map((p) => p.projection.name);
  const started = Date.now();
  for (;;) {
    const behind = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM es_checkpoints c,
        (SELECT transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1) head
      WHERE c.name = ANY(${names}::text[]) AND (c.transaction_id, c.position) < (head.transaction_id, head.position)`.execute(db);
    if (behind.rows[0].n === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the asynchronous projections to catch up');
    await sleep(50);
  }
}

/**
 * Every table of every rebuildable projection, read, rebuilt from the first event, and read again:
 * the two reads must be equal row for row. Call it once nothing writes any more. `unstamped`
 * names columns written by reads rather than events (a key's last use), which no rebuild restores.
 */
export async function readModelsEqualRebuild(
  db: Db,
  registry: ProjectionRegistry,
  unstamped: Record<string, string[]> = {},
): Promise<{ projections: number; tables: number }> {
  const rebuildable = registry.projections().filter((p) => keepsReadTables(p.projection) && p.projection.tables?.length);
  const snapshot = async () => {
    const all: Record<string, string[]> = {};
    for (const p of rebuildable)
      for (const table of p.projection.tables!)
        all[table] = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows
          .map((row) => JSON.stringify({ ...row, ...Object.fromEntries((unstamped[table] ?? []).map((c) => [c, null])) }))
          .sort();
    return all;
  };
  const live = await snapshot();
  for (const p of rebuildable) await rebuildProjection(db, p);
  expect(await snapshot()).toEqual(live);
  return { projections: rebuildable.length, tables: Object.keys(live).length };
}
