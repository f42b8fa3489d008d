import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@tabour/platform';

/**
 * What other contexts may read of a business's queues, counters and tickets: a display's board,
 * a booking's check-in, the plan's counts, a statistic's names. They join or ask the rows below
 * instead of the queues' tables, which stay this context's (docs/contributing.md#whose-tables).
 * The `*Cards` are plain subqueries, so PostgreSQL plans a join on them as the join of the table.
 */
export function queueCards(db: Kysely<Database>) {
  return db.selectFrom('queues').select(['tenant_id', 'id', 'name', 'paused', 'settings']);
}

/** The counters' rows: `LEFT JOIN ${counterCards(db)} c ON c.id = t.counter_id AND c.tenant_id = t.tenant_id`. */
export function counterCards(db: Kysely<Database>) {
  return db.selectFrom('queue_counters').select(['tenant_id', 'id', 'queue_id', 'name', 'open']);
}

/** The tickets' rows as a board, a booking or a link sees them (no personal data, no notes). */
export function ticketCards(db: Kysely<Database>) {
  return db
    .selectFrom('queue_tickets')
    .select(['tenant_id', 'id', 'uid', 'queue_id', 'number', 'label', 'status', 'counter_id', 'booking_id', 'called_at', 'archived_at']);
}

/** Whether the queue is the business's own: another business's answers as a missing one. */
export async function queueExists(db: Kysely<Database>, tenantId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('queues').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
}

/** The business's queues of those ids; one deleted or another business's is not in the answer. */
export function queuesOf(db: Kysely<Database>, tenantId: string, ids: readonly string[]) {
  return queueCards(db)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The ids of the business's queues serving the department (their settings' `department_ids`), at most `limit`. */
export function queuesServingDepartment(db: Kysely<Database>, tenantId: string, departmentId: string, limit: number) {
  return db
    .selectFrom('queues')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`settings->'department_ids' @> ${JSON.stringify([departmentId])}::jsonb`)
    .limit(limit)
    .execute();
}

/** The ticket behind a public link (its uid), of any business. */
export function ticketByUid(db: Kysely<Database>, uid: string) {
  return ticketCards(db).where('uid', '=', uid).executeTakeFirst();
}

/** A ticket of the business by id; undefined for another business's. */
export function ticketOf(db: Kysely<Database>, tenantId: string, id: string) {
  return ticketCards(db).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** How many tickets of the business wait now, in one queue or all. */
export async function waitingCount(db: Kysely<Database>, tenantId: string, queueId?: string): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM queue_tickets
        WHERE tenant_id = ${tenantId} AND status = 'waiting' ${queueId ? sql`AND queue_id = ${queueId}` : sql``}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** How many queues the business has. */
export async function queueCount(db: Kysely<Database>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('queues')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many counters one queue of the business has. */
export async function counterCount(db: Kysely<Database>, tenantId: string, queueId: string): Promise<number> {
  const row = await db
    .selectFrom('queue_counters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('queue_id', '=', queueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The business's queues as a scalar subquery (an integer), for a statement that counts several things at once. */
export function queueCountSql(tenant: string | RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT count(*) FROM queues WHERE tenant_id = ${tenant})::int`;
}

/** The most counters any one queue of the business has, as a scalar subquery (0 with none). */
export function countersPerQueueSql(tenant: string | RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM queue_counters WHERE tenant_id = ${tenant} GROUP BY queue_id) c)::int`;
}
