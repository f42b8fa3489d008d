import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Pool, PoolClient } from 'pg';
import { createPool } from '@tabour/platform';

/** The table of the migration 20261124100000_broadcast_adapter. */
export const ADAPTER_TABLE = 'broadcast_attachments';
/** NOTIFY channels are `broadcast#<namespace>`; each database has its own, so installations never mix. */
export const ADAPTER_CHANNEL = 'broadcast';

/**
 * The pool as the adapter sees it: a connection it holds for LISTEN is handed back to the pool
 * when its server process ends. The adapter only forgets it and takes another, so each lost
 * connection would otherwise stay counted until the pool had no room left for a new LISTEN.
 */
function releasingOnEnd(pool: Pool): Pool {
  const view = Object.create(pool) as Pool;
  view.connect = (async () => {
    const client: PoolClient = await pool.connect();
    client.once('end', () => {
      try {
        client.release(true);
      } catch {
        // Already handed back: the pool dropped it itself.
      }
    });
    return client;
  }) as Pool['connect'];
  view.query = pool.query.bind(pool) as Pool['query'];
  return view;
}

/**
 * The socket.io adapter that lets every API instance reach the sockets held by the others,
 * through the PostgreSQL they already share (no Redis to run). Its own small pool: one
 * connection listens for the whole process, another sends. A lost LISTEN connection is opened
 * again by the adapter (about 2 s later) and listens again on every channel.
 */
export function postgresAdapter(databaseUrl: string) {
  const log = new Logger('broadcast.adapter');
  const pool = createPool(databaseUrl, 3);
  const adapter = createAdapter(releasingOnEnd(pool), {
    tableName: ADAPTER_TABLE,
    channelPrefix: ADAPTER_CHANNEL,
    errorHandler: (err: Error) => log.warn(`adapter: ${err.message}`),
  });
  // Closing twice (an application closed again after a failure) is not an error that should hide the failure.
  let closing: Promise<void> | undefined;
  return { adapter, close: () => (closing ??= pool.end()) };
}
