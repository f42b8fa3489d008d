import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/postgres-adapter';
import { createPool } from '@tabour/platform';

/** The table of the migration 20261124100000_broadcast_adapter. */
export const ADAPTER_TABLE = 'broadcast_attachments';
/** NOTIFY channels are `broadcast#<namespace>`; each database has its own, so installations never mix. */
export const ADAPTER_CHANNEL = 'broadcast';

/**
 * The socket.io adapter that lets every API instance reach the sockets held by the others,
 * through the PostgreSQL they already share (no Redis to run). Its own small pool: one
 * connection listens for the whole process, another sends.
 */
export function postgresAdapter(databaseUrl: string) {
  const log = new Logger('broadcast.adapter');
  const pool = createPool(databaseUrl, 3);
  const adapter = createAdapter(pool, {
    tableName: ADAPTER_TABLE,
    channelPrefix: ADAPTER_CHANNEL,
    errorHandler: (err: Error) => log.warn(`adapter: ${err.message}`),
  });
  // Closing twice (an application closed again after a failure) is not an error that should hide the failure.
  let closing: Promise<void> | undefined;
  return { adapter, close: () => (closing ??= pool.end()) };
}
