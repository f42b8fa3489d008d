import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { InlineProjection, RecordOf, RecordedEvent } from '@tabour/eventstore';

/**
 * Given/when/then for projections, in the spirit of Emmett's PostgreSQLProjectionSpec: events
 * given and events when are applied to the migrated test database, then the rows a query reads
 * are compared with those expected.
 *
 *   const spec = projectionSpecification(holidayProjection, () => t.db, { tenantId: B });
 *   await spec.given([created]).when([updated]).then((db) => db.selectFrom('holidays').selectAll().execute(), [row]);
 *
 * Each case runs in a transaction that is rolled back, so cases share one database and see
 * none of each other's rows. Each case also runs twice: once with every event in an apply of
 * its own (as appends reach an inline projection) and once with all of them in one apply (as a
 * rebuild replays the log in batches); both must give the rows expected, so a projection that
 * only works one way fails here rather than after a rebuild.
 */
export interface ProjectionSpecOptions<E> {
  /** The tenant the events are recorded under (their metadata and `tenantId`). */
  tenantId?: string | null;
  /** The stream each event belongs to; by default one stream named after the projection. */
  streamOf?: (event: E) => string;
  /** When the first event was recorded; each next one a second later. */
  startAt?: Date;
}

type AnyEvent = { type: string; data: unknown };

class RolledBack extends Error {}

function records<E extends AnyEvent>(events: E[], options: ProjectionSpecOptions<E>, name: string): RecordOf<E>[] {
  const start = (options.startAt ?? new Date('2026-01-05T09:00:00Z')).getTime();
  const revisions = new Map<string, number>();
  return events.map((e, i) => {
    const streamId = options.streamOf?.(e) ?? `spec-${name}`;
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    const tenantId = options.tenantId ?? null;
    const record: RecordedEvent = {
      position: i + 1,
      streamId,
      revision,
      category: streamId.split('-')[0],
      tenantId,
      eventId: randomUUID(),
      type: e.type,
      data: e.data,
      metadata: { tenantId, actor: { type: 'system', id: 'projection-spec' }, schemaVersion: 1 },
      recordedAt: new Date(start + i * 1000),
    };
    return record as RecordOf<E>;
  });
}

export function projectionSpecification<E extends AnyEvent, DB>(
  projection: InlineProjection<E, DB>,
  db: () => Kysely<DB>,
  options: ProjectionSpecOptions<E> = {},
) {
  const handled = new Set<string>(projection.handles);

  /** The rows `read` returns after the events, applied in single events or in one batch. */
  async function rowsAfter(events: E[], batched: boolean, read: (db: Transaction<DB>) => Promise<unknown>): Promise<unknown> {
    // The store never passes a projection an event type it does not handle.
    const all = records(events, options, projection.name).filter((r) => handled.has(r.type));
    let rows: unknown;
    try {
      await db()
        .transaction()
        .execute(async (trx) => {
          if (batched) await projection.apply(trx, all);
          else for (const r of all) await projection.apply(trx, [r]);
          rows = await read(trx);
          throw new RolledBack();
        });
    } catch (err) {
      if (!(err instanceof RolledBack)) throw err;
    }
    return rows;
  }

  return {
    given(history: E[] = []) {
      return {
        when(events: E[] = []) {
          const all = [...history, ...events];
          return {
            /** The rows read after the events equal `expected`, event by event and in one batch. */
            async then<R>(read: (db: Transaction<DB>) => Promise<R>, expected: R | ((rows: R) => void)): Promise<void> {
              for (const batched of [false, true]) {
                const rows = (await rowsAfter(all, batched, read)) as R;
                if (typeof expected === 'function') (expected as (rows: R) => void)(rows);
                else expect(rows).toEqual(expected);
              }
            },
            /** Applying the events fails with an error matching `message`. */
            async thenFails(message: RegExp): Promise<void> {
              await expect(rowsAfter(all, false, async () => undefined)).rejects.toThrow(message);
            },
          };
        },
      };
    },
  };
}
