import type { InlineProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import { heldKey, readKeys } from './keys';
import { isSealed, type AnyEvent, type Data, type PersonalEvents } from './personal-events';

type Db = ProjectionDb;

const tenantOf = (e: AnyEvent & { tenantId?: string | null }): string => e.tenantId ?? ((e.data as Data | null)?.business_id as string);

/**
 * Stored events opened with their subjects' keys: those an append under way holds, else the
 * stored ones in one read (a rebuild, another process's append, the activity log). Events of
 * other types, or not sealed, come back as they are.
 */
export async function openRecorded<R extends AnyEvent>(db: Db, sealing: PersonalEvents, events: R[]): Promise<{ event: R; erased: boolean }[]> {
  const missing = new Map<string, string>();
  for (const e of events) {
    const s = isSealed(e) ? sealing.subject(e) : null;
    if (s && !heldKey(s)) missing.set(s, tenantOf(e));
  }
  const stored = await readKeys(
    db,
    [...missing].map(([subject, tenantId]) => ({ tenantId, subject })),
  );
  return events.map((e) => {
    const s = isSealed(e) ? sealing.subject(e) : null;
    if (!s) return { event: e, erased: false };
    const { event, erased } = sealing.open(e, heldKey(s)?.key ?? stored.get(s) ?? null);
    return { event: { ...e, data: event.data }, erased };
  });
}

/**
 * An inline projection that sees plain text: sealed events are opened before it applies them.
 * The events of the types in `skipErased` are left out once their key is gone (a queue request
 * is nothing without its name and phone), as the customers' projection skips an erased customer.
 */
export function openingProjection<E extends AnyEvent, D>(
  sealing: PersonalEvents,
  projection: InlineProjection<E, D>,
  skipErased: readonly string[] = [],
): InlineProjection<E, D> {
  // The wrapped projection keeps its own event and table types; here the events are only opened.
  const apply = (db: Db, events: RecordedEvent[]) => projection.apply(db as never, events as never);
  return {
    ...projection,
    async apply(db: Db, events: RecordedEvent[]) {
      if (!events.some(isSealed)) return apply(db, events);
      const opened = await openRecorded(db, sealing, events);
      return apply(
        db,
        opened.filter((o) => !(o.erased && skipErased.includes(o.event.type))).map((o) => o.event),
      );
    },
  };
}
