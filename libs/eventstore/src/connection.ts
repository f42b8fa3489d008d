import { Kysely, PostgresDialect, type PostgresPoolClient } from 'kysely';
import type { AnySchema } from './types';
import { Client } from 'pg';

/** Opens a new, connected client that belongs to its caller alone. */
export type ConnectFn = () => Promise<Client>;

export function connectTo(connectionString: string): ConnectFn {
  return async () => {
    const client = new Client({ connectionString });
    // An error on an idle client is reported by the next query; without a listener it would
    // crash the process.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
}

/**
 * Statements without parameters that ride in the round trip of the next BEGIN (after it) or
 * COMMIT (before it) that Kysely sends on this connection: a subscription's batch takes its
 * checkpoint lock with its BEGIN and moves its checkpoint with its COMMIT, two round trips
 * fewer per batch. Each is used once; a ROLLBACK drops what waited for the COMMIT.
 */
export interface Riders {
  afterBegin?: string;
  /** Given the rows of `afterBegin`'s last statement, once its round trip has answered. */
  begun?: (rows: unknown[]) => void;
  beforeCommit?: string;
}

type Send = (...args: unknown[]) => Promise<unknown>;

/** A simple query of several statements answers one result each: Kysely reads the last. */
const last = (r: unknown) => (Array.isArray(r) ? r[r.length - 1] : r);

/**
 * Kysely over one client. A subscription runs its batches on the connection that holds its
 * advisory lock: if that connection dies, the lock and any batch in flight die with it, so
 * no other instance can ever run beside a batch.
 */
export function kyselyOn(client: Client, riders: Riders = {}): Kysely<AnySchema> {
  const send = (...args: unknown[]) => (client.query as unknown as Send).apply(client, args);
  const query = async (text: unknown, ...rest: unknown[]) => {
    if (text === 'begin' && riders.afterBegin) {
      const after = riders.afterBegin;
      const begun = riders.begun;
      riders.afterBegin = undefined;
      riders.begun = undefined;
      try {
        const answer = last(await send(`begin; ${after}`)) as { rows: unknown[] };
        begun?.(answer.rows);
        return answer;
      } catch (err) {
        // Kysely rolls back only a transaction whose BEGIN succeeded: this one may be open.
        await send('rollback').catch(() => undefined);
        throw err;
      }
    }
    if (text === 'commit' && riders.beforeCommit) {
      const before = riders.beforeCommit;
      riders.beforeCommit = undefined;
      return last(await send(`${before}; commit`));
    }
    if (text === 'rollback') riders.beforeCommit = undefined;
    return send(text, ...rest);
  };
  const adapter = { query, release: () => undefined };
  return new Kysely<AnySchema>({
    dialect: new PostgresDialect({
      pool: { connect: async () => adapter as unknown as PostgresPoolClient, end: async () => undefined },
    }),
  });
}
