import { sql } from 'kysely';
import { NONE } from '../figures';
import { type Aggregate, AGGREGATES, type AggregateName, COLUMNS, ROLLUP } from './schema';
import { columnList, recordset, type Statement } from './sql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a level holds either the next level or, at the last, the row
type Trie = Map<string | number, any>;
type Keys = Record<string, string | number>;

/**
 * What a batch adds to the aggregate tables, summed in memory per row (a batch's events mostly
 * fall on the same few days), then written as one statement per table.
 */
export class Deltas {
  private readonly tables = new Map<AggregateName, { root: Trie; rows: Keys[] }>();

  /** Adds to a row, and to its queue's and the business's sums and its month where the table keeps them. */
  add(table: AggregateName, keys: Keys, adds: Record<string, number>): void {
    const also = ROLLUP[table];
    if (also) {
      const [rollup, monthly] = also;
      this.bump(rollup, keys, adds);
      this.bump(rollup, { ...keys, queue_id: NONE }, adds);
      this.bump(monthly, { ...keys, day: `${String(keys.day).slice(0, 8)}01` }, adds);
    }
    this.bump(table, keys, adds);
  }

  /**
   * Finds the row through one Map per key column: the ids are the events' own string objects,
   * whose hashes V8 keeps, where a joined key would be a new long string hashed on every call.
   */
  private bump(table: AggregateName, keys: Keys, adds: Record<string, number>): void {
    const [keyColumns, addColumns] = COLUMNS[table];
    let d = this.tables.get(table);
    if (!d) this.tables.set(table, (d = { root: new Map(), rows: [] }));
    let node = d.root;
    const last = keyColumns.length - 1;
    for (let i = 0; i < last; i++) {
      let next = node.get(keys[keyColumns[i]]) as Trie | undefined;
      if (!next) node.set(keys[keyColumns[i]], (next = new Map()));
      node = next;
    }
    let row = node.get(keys[keyColumns[last]]) as Keys | undefined;
    if (!row) {
      row = {};
      for (const c of keyColumns) row[c] = keys[c];
      for (const c of addColumns) row[c] = 0;
      node.set(keys[keyColumns[last]], row);
      d.rows.push(row);
    }
    for (const c in adds) row[c] = (row[c] as number) + adds[c];
  }

  /** `INSERT … SELECT FROM json_to_recordset … ON CONFLICT DO UPDATE SET c = t.c + EXCLUDED.c`, one per table touched. */
  statements(): Statement[] {
    return [...this.tables].map(([table, rows]) => {
      const spec = AGGREGATES[table] as Aggregate;
      const columns = { ...spec.keys, ...spec.adds };
      const names = Object.keys(columns);
      return sql`INSERT INTO ${sql.table(table)} (${columnList(names)})
        SELECT ${columnList(names)} FROM json_to_recordset(${JSON.stringify(rows.rows)}::json) AS x(${recordset(columns)})
        ON CONFLICT (${columnList(Object.keys(spec.keys))}) DO UPDATE SET
        ${sql.raw(
          Object.keys(spec.adds)
            .map((c) => `"${c}" = ${table}."${c}" + EXCLUDED."${c}"`)
            .join(', '),
        )}`;
    });
  }
}
