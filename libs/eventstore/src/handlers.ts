import type { InlineProjection, ProjectionDb, RecordOf } from './types';

type AnyEvent = { type: string; data: unknown };

/** One function per event type a projection handles, each given its own event with the data typed by the type. */
export type EventHandlers<E extends AnyEvent, DB> = {
  [T in E['type']]: (db: ProjectionDb<DB>, e: RecordOf<Extract<E, { type: T }>>) => Promise<unknown>;
};

/**
 * A projection written as a map of one handler per event (docs/contributing.md#small-rooms): it
 * handles the map's event types, each event applied alone in the log's order, so its rows do not
 * depend on how a rebuild batches the log.
 */
export function handlerProjection<E extends AnyEvent, DB>(name: string, tables: readonly string[], on: EventHandlers<E, DB>): InlineProjection<E, DB> {
  const handlers = on as unknown as Record<string, (db: ProjectionDb<DB>, e: RecordOf<E>) => Promise<unknown>>;
  return {
    name,
    tables,
    handles: Object.keys(handlers) as E['type'][],
    async apply(db, events) {
      for (const e of events) await handlers[e.type](db, e);
    },
  };
}
