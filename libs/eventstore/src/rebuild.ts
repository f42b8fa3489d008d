import { Kysely, sql, Transaction } from 'kysely';
import { lastBelow, readHorizon, readLog, START } from './log';
import type { RegisteredProjection } from './subscription-manager';
import { checkpointLock } from './subscription';
import type { AnySchema, Cursor, InlineProjection } from './types';

export interface RebuildResult {
  name: string;
  events: number;
  /** Where the rebuilt projection stands in the log: an async projection's new checkpoint. */
  cursor: Cursor;
}

/**
 * Whether a projection keeps read tables of its own. One that declares neither `tables` nor
 * `truncate` only acts inside the append (e.g. moves a secret into place) and has nothing a
 * replay could rebuild.
 */
export function keepsReadTables(projection: InlineProjection): boolean {
  return !!projection.tables?.length || !!projection.truncate;
}

async function empty(trx: Transaction<AnySchema>, { projection }: RegisteredProjection): Promise<void> {
  const tables = projection.tables ?? [];
  if (!keepsReadTables(projection)) throw new Error(`projection ${projection.name} declares no tables to rebuild`);
  if (tables.length) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
  await projection.truncate?.(trx);
}

/**
 * Empties a projection's tables and replays every event it handles from the start of the log,
 * in one transaction: readers see the old rows until the new ones commit.
 *
 * Async: the checkpoint row stays locked throughout, so the live subscription (each batch locks
 * that row) waits, then carries on from the rebuilt cursor; the replay stops below the oldest
 * running transaction exactly as the subscription does.
 *
 * Inline: once TRUNCATE holds its lock, every append that writes these tables waits for the
 * rebuild and applies its own events on top afterwards; so the replay reads every committed
 * event, with no horizon, and nothing is applied twice or missed.
 */
export async function rebuildProjection(
  db: Kysely<AnySchema>,
  registered: RegisteredProjection,
  batchSize = registered.projection.rebuildBatchSize ?? 1000,
): Promise<RebuildResult> {
  const { projection } = registered;
  const isAsync = registered.kind === 'async';
  if (isAsync) await sql`INSERT INTO es_checkpoints (name) VALUES (${projection.name}) ON CONFLICT (name) DO NOTHING`.execute(db);
  return db.transaction().execute(async (trx) => {
    if (isAsync) await checkpointLock(projection.name).execute(trx);
    await empty(trx, registered);
    const filter = { eventTypes: projection.handles, categories: isAsync ? registered.projection.categories : undefined };
    const horizon = isAsync ? await readHorizon(trx) : null;
    let cursor = START;
    let count = 0;
    for (;;) {
      const { events, last } = await readLog(trx, cursor, horizon, filter, batchSize);
      if (events.length) await projection.apply(trx, events);
      count += events.length;
      if (last) cursor = last;
      if (events.length < batchSize) break;
    }
    if (isAsync) {
      const end = (await lastBelow(trx, horizon!)) ?? cursor;
      cursor = end;
      await sql`UPDATE es_checkpoints SET transaction_id = ${cursor.transactionId}::xid8, position = ${cursor.position}, status = 'running', error = NULL, attempts = 0, updated_at = now()
        WHERE name = ${projection.name}`.execute(trx);
    }
    return { name: projection.name, events: count, cursor };
  });
}
