import { type RawBuilder, sql } from 'kysely';
import type { Db } from './schema';

export const key = (tenant: string, id: string) => `${tenant}/${id}`;
export const iso = (v: Date | string) => (typeof v === 'string' ? v : v.toISOString());
export const recordset = (columns: Record<string, string>) =>
  sql.raw(
    Object.entries(columns)
      .map(([c, t]) => `"${c}" ${t}`)
      .join(', '),
  );
export const columnList = (columns: readonly string[]) => sql.raw(columns.map((c) => `"${c}"`).join(', '));

/** Reads rows of a table keyed by (tenant_id, <id>) for the pairs given, in one statement. */
export async function load<T>(db: Db, table: string, idColumn: string, all: [string, string][]): Promise<T[]> {
  if (!all.length) return [];
  const pairs = [...new Map(all.map((p) => [key(p[0], p[1]), p])).values()];
  const r = await sql<T>`SELECT * FROM ${sql.table(table)} WHERE (tenant_id, ${sql.ref(idColumn)}) IN
    (SELECT * FROM unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`.execute(db);
  return r.rows;
}

export type Statement = RawBuilder<unknown>;

/** Rows inserted, or replacing the stored row of the same key; nothing when there are none. */
export function upsert(table: string, columns: Record<string, string>, keys: string[], rows: object[]): Statement[] {
  if (!rows.length) return [];
  const names = Object.keys(columns);
  const rest = names.filter((c) => !keys.includes(c));
  return [
    sql`INSERT INTO ${sql.table(table)} (${columnList(names)})
    SELECT ${columnList(names)} FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(${recordset(columns)})
    ON CONFLICT (${columnList(keys)}) DO UPDATE SET ${sql.raw(rest.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', '))}`,
  ];
}

/** Rows removed by (tenant_id, <id>) pairs; nothing when there are none. */
export function remove(table: string, idColumn: string, pairs: [string, string][]): Statement[] {
  if (!pairs.length) return [];
  return [
    sql`DELETE FROM ${sql.table(table)} WHERE (tenant_id, ${sql.ref(idColumn)}) IN
    (SELECT * FROM unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`,
  ];
}

/**
 * Sends writes as one statement, each a data-modifying WITH: a batch's dozen writes cost one
 * round trip, not a dozen. They must change different rows, since one statement's parts all
 * see the rows as they stood before it.
 */
export async function writeTogether(db: Db, statements: Statement[]): Promise<void> {
  if (!statements.length) return;
  if (statements.length === 1) {
    await statements[0].execute(db);
    return;
  }
  const parts = statements.map((s, i) => sql`${sql.raw(`w${i}`)} AS (${s})`);
  await sql`WITH ${sql.join(parts)} SELECT 1`.execute(db);
}
