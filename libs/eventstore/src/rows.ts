import type { Kysely, UpdateObject } from 'kysely';
import type { InlineProjection, ProjectionDb } from './types';

/** The read tables whose rows belong to one business and are named by an id. */
export type TenantTable<DB> = { [T in keyof DB & string]: DB[T] extends { tenant_id: unknown; id: unknown } ? T : never }[keyof DB & string];

/** Kysely cannot follow a column through a table name left generic; the callers' types are checked by the signatures below. */
type Untyped = Kysely<Record<string, { tenant_id: string; id: string }>>;

/** The business's rows of `table`, to be changed by `set`. */
const updateOf = <DB>(db: ProjectionDb<DB>, table: string, tenant: string, set: unknown) =>
  (db as unknown as Untyped)
    .updateTable(table)
    .set(set as never)
    .where('tenant_id', '=', tenant);

/**
 * Changes one business's row, found by id. The tenant is always part of the match, so an event
 * can never touch another business's row whatever id it carries.
 */
export async function updateRow<DB, T extends TenantTable<DB>>(
  db: ProjectionDb<DB>,
  table: T,
  tenant: string,
  id: string,
  set: UpdateObject<DB, T, T>,
): Promise<void> {
  await updateOf(db, table, tenant, set).where('id', '=', id).execute();
}

/** Removes one business's row, found by id. */
export async function deleteRow<DB, T extends TenantTable<DB>>(db: ProjectionDb<DB>, table: T, tenant: string, id: string): Promise<void> {
  await (db as unknown as Untyped)
    .deleteFrom(table as string)
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .execute();
}

/** The read tables holding one row per business, found by the tenant alone. */
export type BusinessTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { tenant_id: unknown } ? ('id' extends keyof DB[T] ? never : T) : never;
}[keyof DB & string];

/** Changes the business's own row of a one-row-per-business table. */
export async function updateBusinessRow<DB, T extends BusinessTable<DB>>(
  db: ProjectionDb<DB>,
  table: T,
  tenant: string,
  set: UpdateObject<DB, T, T>,
): Promise<void> {
  await updateOf(db, table, tenant, set).execute();
}

/** An event that changes some of a business's settings (a settings document's only event). */
type SettingsChanged = { type: string; data: { business_id: string; changes: object } };

/**
 * The projection of a business's settings document into its one row of `table` (no row: the
 * defaults): each event's changes land over the stored row, or over `defaults` when the
 * business has none yet, in one statement. `stamped`: the row's `updated_at` is the event's time.
 */
export function settingsRowProjection<E extends SettingsChanged, DB>(spec: {
  name: string;
  table: BusinessTable<DB>;
  handles: readonly E['type'][];
  defaults: object;
  stamped?: boolean;
}): InlineProjection<E, DB> {
  const table = spec.table as string;
  return {
    name: spec.name,
    tables: [table],
    handles: spec.handles,
    async apply(db, events) {
      for (const e of events) {
        const changes = { ...e.data.changes, ...(spec.stamped ? { updated_at: e.recordedAt } : {}) };
        await (db as unknown as Untyped)
          .insertInto(table)
          .values({ tenant_id: e.data.business_id, ...spec.defaults, ...changes } as never)
          .onConflict((c) => (Object.keys(changes).length ? c.column('tenant_id').doUpdateSet(changes as never) : c.column('tenant_id').doNothing()))
          .execute();
      }
    },
  };
}
