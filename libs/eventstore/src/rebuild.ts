import { Kysely, sql, Transaction } from 'kysely';
import { readEvents, readHead } from './pg-event-store';
import type { RegisteredProjection } from './subscription-manager';

export interface RebuildResult {
  name: string;
  events: number;
  position: number;
}

async function empty(trx: Transaction<any>, { projection }: RegisteredProjection): Promise<void> {
  const tables = projection.tables ?? [];
  if (!tables.length && !projection.truncate) throw new Error(`projection ${projection.name} declares no tables to rebuild`);
  if (tables.length) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
  await projection.truncate?.(trx);
}

/**
 * Empties a projection's tables and replays every event it handles from position 0, in one
 * transaction: readers see the old rows until the new ones commit.
 *
 * An async projection's checkpoint row is locked for the duration, so its live subscription
 * (whose every batch locks that row) waits and then carries on from the rebuilt position.
 * An inline projection needs no checkpoint: appends that write its tables wait on the
 * TRUNCATE's lock and apply their own events on top of the rebuilt rows once it commits.
 */
export async function rebuildProjection(db: Kysely<any>, registered: RegisteredProjection, batchSize = 1000): Promise<RebuildResult> {
  const { projection } = registered;
  const isAsync = registered.kind === 'async';
  if (isAsync) await sql`INSERT INTO es_checkpoints (name) VALUES (${projection.name}) ON CONFLICT (name) DO NOTHING`.execute(db);
  return db.transaction().execute(async (trx) => {
    if (isAsync) await sql`SELECT 1 FROM es_checkpoints WHERE name = ${projection.name} FOR UPDATE`.execute(trx);
    await empty(trx, registered);
    const filter = { eventTypes: projection.handles, categories: isAsync ? registered.projection.categories : undefined };
    let position = 0;
    let count = 0;
    // Replays up to the head, then looks again in case appends committed meanwhile.
    for (let head = await readHead(trx); position < head; head = await readHead(trx)) {
      for (;;) {
        const events = await readEvents(trx, { ...filter, fromPosition: position, toPosition: head, limit: batchSize });
        if (events.length) await projection.apply(trx, events);
        count += events.length;
        if (events.length < batchSize) break;
        position = events[events.length - 1].position;
      }
      position = head;
    }
    if (isAsync) {
      await sql`UPDATE es_checkpoints SET position = ${position}, status = 'running', error = NULL, attempts = 0, updated_at = now() WHERE name = ${projection.name}`.execute(trx);
    }
    return { name: projection.name, events: count, position };
  });
}
