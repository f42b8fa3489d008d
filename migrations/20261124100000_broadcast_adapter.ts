import { Kysely, sql } from 'kysely';

/*
 * The socket.io PostgreSQL adapter (apps/api/src/broadcast/adapter.ts) carries what one API
 * instance sends to sockets held by the others (a remote command to a kiosk, ticket pages put in
 * a room) over NOTIFY. A message too large for NOTIFY (8,000 bytes) travels through this table,
 * and the adapter deletes rows older than its cleanup interval.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE broadcast_attachments (
      id          bigserial UNIQUE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      payload     bytea
    );
    CREATE INDEX broadcast_attachments_created ON broadcast_attachments (created_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS broadcast_attachments`.execute(db);
}
