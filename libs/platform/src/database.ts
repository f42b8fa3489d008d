import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';

// bigint columns (positions, counts) fit in a JS number for any realistic store.
types.setTypeParser(20, (v) => Number(v));
// `date` columns stay plain YYYY-MM-DD strings: a day is a calendar day in the business's zone.
types.setTypeParser(1082, (v) => v);

/**
 * The read-model tables. Each bounded context adds its own tables by declaration merging:
 *   declare module '@tabour/platform' { interface Database { users: UsersTable } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here, filled by each context's declaration merging
export interface Database {}

export type Db = Kysely<Database>;

export function createPool(connectionString: string, max = 10): Pool {
  const pool = new Pool({ connectionString, max });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(connectionString: string, max = 10): { db: Db; pool: Pool } {
  const pool = createPool(connectionString, max);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
