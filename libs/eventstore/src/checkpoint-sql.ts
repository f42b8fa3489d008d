import { sql } from 'kysely';
import type { Client } from 'pg';
import type { Cursor } from './types';

// The statements a subscription sends about its checkpoint, most as text without parameters so
// that they ride in one round trip with the batch's BEGIN and COMMIT (docs/eventstore.md).

export const lockKey = (name: string) => `es_subscription:${name}`;

/** The key of a subscription's checkpoint lock, whether sent as a parameter or a literal. */
const checkpointKey = (name: string) => `es_checkpoint:${name}`;

/** The checkpoint's lock (`checkpointLock`) as a statement without parameters, to ride with a BEGIN. */
export const checkpointLockText = (client: Client, name: string) =>
  `SELECT pg_advisory_xact_lock(hashtextextended(${client.escapeLiteral(checkpointKey(name))}, 0))`;

export interface CheckpointRow {
  transaction_id: string;
  position: string;
  status: string;
  horizon: string;
}

/** The checkpoint, and the horizon below which the log is final, as a statement without parameters. */
export const checkpointReadText = (client: Client, name: string) =>
  `SELECT transaction_id::text AS transaction_id, position, status, pg_snapshot_xmin(pg_current_snapshot())::text AS horizon FROM es_checkpoints WHERE name = ${client.escapeLiteral(name)}`;

/**
 * The checkpoint's move as a statement without parameters, to ride with the batch's COMMIT.
 * When the handler wrote nothing (the transaction has no id yet), the checkpoint is its only
 * write and is committed without waiting for its WAL to reach the disk (docs/eventstore.md);
 * decided in the statement itself, before its own write gives the transaction an id.
 */
export function checkpointMoveText(client: Client, name: string, to: Cursor, relaxable: boolean): string {
  if (!/^\d+$/.test(to.transactionId) || !Number.isSafeInteger(to.position)) throw new Error(`not a cursor: ${JSON.stringify(to)}`);
  const relax = relaxable ? `(SELECT set_config('synchronous_commit', 'off', true) WHERE pg_current_xact_id_if_assigned() IS NULL)` : `(SELECT NULL::text)`;
  return `WITH relax AS ${relax} UPDATE es_checkpoints SET transaction_id = '${to.transactionId}'::xid8, position = ${to.position}, status = 'running', error = NULL, attempts = 0, updated_at = now()
    FROM (SELECT count(*) FROM relax) decided WHERE name = ${client.escapeLiteral(name)}`;
}

/**
 * Held by a batch of a subscription, and by a rebuild of its projection, until their commit:
 * the two never interleave. Taken before the checkpoint is read, so the read sees the other's
 * committed checkpoint.
 */
export const checkpointLock = (name: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${checkpointKey(name)}, 0))`;
