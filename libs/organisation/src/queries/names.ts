import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@tabour/platform';

/**
 * What other contexts may read of a business's departments, services and team: their ids and
 * names (a booking's list, a reminder's text, an import's lookups). The tables stay the
 * organisation's (docs/contributing.md#whose-tables).
 */
export interface Named {
  id: string;
  name: string;
}

/** Which rows: the business's (`tenantId`), those ids (`ids`, of any business), or both. */
export interface NamedBy {
  tenantId?: string;
  ids?: readonly string[];
}

function named(db: Kysely<Database>, table: 'departments' | 'services', by: NamedBy): Promise<Named[]> {
  if (by.ids && !by.ids.length) return Promise.resolve([]);
  return db
    .selectFrom(table)
    .select(['id', 'name'])
    .$if(by.tenantId !== undefined, (q) => q.where('tenant_id', '=', by.tenantId!))
    .$if(by.ids !== undefined, (q) => q.where('id', 'in', [...by.ids!]))
    .execute();
}

/** Departments' ids and names. */
export const departmentNames = (db: Kysely<Database>, by: NamedBy): Promise<Named[]> => named(db, 'departments', by);

/** Services' ids and names. */
export const serviceNames = (db: Kysely<Database>, by: NamedBy): Promise<Named[]> => named(db, 'services', by);

/**
 * The departments' rows with their names, to join in a list's statement on (tenant_id, id):
 * `LEFT JOIN ${departmentCards(db)} d ON d.tenant_id = b.tenant_id AND d.id = b.department_id`.
 * A plain subquery, so PostgreSQL plans it as the join of the table itself.
 */
export function departmentCards(db: Kysely<Database>) {
  return db.selectFrom('departments').select(['tenant_id', 'id', 'name']);
}

/** The team's rows as other contexts see them (who they are and how they are reached), to filter or join. */
export function memberCards(db: Kysely<Database>) {
  return db.selectFrom('team_members').select(['tenant_id', 'id', 'first_name', 'last_name', 'email', 'phone', 'department_id', 'is_bookable']);
}

/** The business's team members, all or those ids; one of another business is not in the answer. */
export function membersOf(db: Kysely<Database>, tenantId: string, ids?: readonly string[]) {
  return memberCards(db)
    .where('tenant_id', '=', tenantId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', [...ids!]))
    .execute();
}

/** One team member of the business; undefined for another business's. */
export function memberOf(db: Kysely<Database>, tenantId: string, id: string) {
  return memberCards(db).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** How many team members the business has. */
export async function teamSize(db: Kysely<Database>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The team's size as a scalar subquery (an integer), for a statement that counts several things at once. */
export function teamSizeSql(tenant: string | RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT count(*) FROM team_members WHERE tenant_id = ${tenant})::int`;
}

/**
 * The sum of the business's services' prices named by a JSON list of ids (a booking's
 * `service_ids`), as a scalar subquery; 0 for none. Both are values or column references.
 */
export function servicesPriceSql(tenant: RawBuilder<unknown>, serviceIds: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(sum(s.price), 0) FROM services s WHERE s.tenant_id = ${tenant} AND s.id::text IN (SELECT jsonb_array_elements_text(${serviceIds})))`;
}
