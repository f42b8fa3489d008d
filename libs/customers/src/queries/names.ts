import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@tabour/platform';

/**
 * What other contexts may read of a business's customers: how a list names them and how they are
 * reached. Their lists join the rows below on (tenant_id, id) instead of the customers' table,
 * which stays this context's (docs/contributing.md#whose-tables).
 */
export const CUSTOMER_CARD_COLUMNS = ['tenant_id', 'id', 'first_name', 'last_name', 'phone', 'email', 'category'] as const;

/**
 * A customer's name as lists show it: first and last name, null when both are blank. `alias` is
 * the name the customers' rows go by in the statement (`customerCards(db).as(alias)`).
 */
export function customerNameSql(alias: string): RawBuilder<string | null> {
  return sql<string | null>`nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), '')`;
}

/**
 * The customers' rows with what another context shows of them, to join in a list's statement:
 * `.leftJoin(customerCards(db).as('c'), (j) => j.onRef('c.id', '=', 'b.customer_id').onRef('c.tenant_id', '=', 'b.tenant_id'))`.
 * A plain subquery, so PostgreSQL plans it as the join of the table itself.
 */
export function customerCards(db: Kysely<Database>) {
  return db.selectFrom('customers').select(CUSTOMER_CARD_COLUMNS);
}

/** One customer of the business by id, with the list's name; undefined for another business's. */
export function customerCard(db: Kysely<Database>, tenantId: string, id: string) {
  return customerCards(db).select(customerNameSql('customers').as('name')).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Several customers of the business by id; one missing is not in the answer. */
export function customerCardsOf(db: Kysely<Database>, tenantId: string, ids: readonly string[]) {
  return customerCards(db)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The business's first customer registered with this phone (E.164), if any. */
export function customerCardByPhone(db: Kysely<Database>, tenantId: string, phone: string) {
  return customerCards(db).where('tenant_id', '=', tenantId).where('phone', '=', phone).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

/** The ids of the business's customers whose first or last name matches the pattern (ILIKE), as a subquery. */
export function customerIdsNamedLike(db: Kysely<Database>, tenantId: string, pattern: string) {
  return db
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('first_name', 'ilike', pattern), eb('last_name', 'ilike', pattern)]));
}

/**
 * Whether the customer a row names (`customerId`, a column reference) has a full name matching
 * the pattern (ILIKE), as an EXISTS subquery: `eb.exists(customerNamedLike(db, sql.ref('b.customer_id'), p))`.
 */
export function customerNamedLike(db: Kysely<Database>, customerId: RawBuilder<unknown>, pattern: string) {
  return db
    .selectFrom('customers')
    .select(sql`1`.as('one'))
    .where(sql<boolean>`customers.id = ${customerId}`)
    .where(sql<boolean>`concat_ws(' ', customers.first_name, customers.last_name) ILIKE ${pattern}`);
}
