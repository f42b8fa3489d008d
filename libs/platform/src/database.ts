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

/**
 * How long a caller waits for a connection (a new one, or a pooled one to come free) before its
 * request is answered 503: a server that does not answer must not hold requests for ever.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export function createPool(connectionString: string, max = 10): Pool {
  const pool = new Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  // Nor one checked out when its server process ends (a restart, a failover, an idle-connection
  // killer): its client emits 'error', which with no listener would end the process. Whoever
  // holds it learns of the loss from its query, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createDb(connectionString: string, max = 10): { db: Db; pool: Pool } {
  const pool = createPool(connectionString, max);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

// Connection exceptions (class 08), the server shutting down or starting (57P01–57P03), and no
// connection slot free (53300): the database is away, not the request wrong.
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended/i;

/** Whether an error says the database could not be reached or went away mid-statement. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (e.code.startsWith('08') || UNAVAILABLE_CODES.has(e.code))) return true;
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message);
}
