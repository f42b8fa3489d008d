import { sql, type RawBuilder } from 'kysely';
import type { InlineProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import { destroyKeys } from './keys';

/** The events that erase personal data: one customer's, a business's history, a deleted account's. */
export const ERASING_EVENT_TYPES = ['CustomerErased', 'BusinessHistoryDeleted', 'BusinessAccountDeleted'] as const;

/** A table of subjects (their ids are the subjects of their keys) and which of its rows the history deletion takes. */
export interface ErasedSubjects {
  table: string;
  /** The rows the history deletion reaches (e.g. the tickets that left the live list). */
  history(erasing: RecordedEvent): RawBuilder<unknown>;
}

/**
 * Erasure reaches a context's sealed text: in the erasing append's transaction the keys of the
 * subjects concerned are destroyed, and `clear` takes from their read rows the text a rebuild
 * would no longer find. Which subjects: a customer's erasure takes the rows of that customer
 * (`customer_id`), the history deletion those `history` selects, a deleted account all of the
 * business's. `clear` gets, by the names of `subjects`, the query selecting each table's ids.
 */
export function erasureProjection<K extends string>(
  name: string,
  subjects: Record<K, ErasedSubjects>,
  clear: (db: ProjectionDb, tenantId: string, ids: Record<K, RawBuilder<unknown>>) => Promise<void>,
): InlineProjection {
  return {
    name,
    tables: [],
    handles: ERASING_EVENT_TYPES,
    async apply(db, events) {
      for (const e of events as RecordedEvent<string, Record<string, unknown>>[]) {
        const tenant = e.data.business_id as string;
        const which = (s: ErasedSubjects) =>
          e.type === 'CustomerErased' ? sql`customer_id = ${e.data.customer_id}` : e.type === 'BusinessHistoryDeleted' ? s.history(e) : sql`TRUE`;
        const ids = Object.fromEntries(
          (Object.entries(subjects) as [K, ErasedSubjects][]).map(([k, s]) => [
            k,
            sql`SELECT id FROM ${sql.table(s.table)} WHERE tenant_id = ${tenant} AND ${which(s)}`,
          ]),
        ) as Record<K, RawBuilder<unknown>>;
        await destroyKeys(db, tenant, Object.values(ids));
        await clear(db, tenant, ids);
      }
    },
  };
}
