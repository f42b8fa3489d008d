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
 * Kysely over one client. A subscription runs its batches on the connection that holds its
 * advisory lock: if that connection dies, the lock and any batch in flight die with it, so
 * no other instance can ever run beside a batch.
 */
export function kyselyOn(client: Client): Kysely<AnySchema> {
  const adapter = { query: (...args: unknown[]) => (client.query as (...a: unknown[]) => unknown)(...args), release: () => undefined };
  return new Kysely<AnySchema>({
    dialect: new PostgresDialect({
      pool: { connect: async () => adapter as unknown as PostgresPoolClient, end: async () => undefined },
    }),
  });
}
