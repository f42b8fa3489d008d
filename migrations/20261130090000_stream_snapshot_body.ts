import { Kysely, sql } from 'kysely';

/*
 * A stream's snapshot stored as its JSON text compressed by the API (deflate), in `body`,
 * instead of `jsonb`, in a table outside the WAL (docs/queues.md, "Snapshots").
 *
 * A busy queue's state holds every ticket of the day: 1.4 MB of JSON at 2,900 tickets. As
 * jsonb the server parsed it, compressed it again with pglz and wrote it all to the WAL, and
 * every commit behind it in the WAL waited for those megabytes: each snapshot, every few
 * seconds under load, stalled every call in flight for tens of milliseconds. Compressed in the
 * API (off its main thread, in zlib's thread pool) the row is a fifth to a tenth of that, and the
 * server stores it as it comes (STORAGE EXTERNAL: no second compression).
 *
 * The table is UNLOGGED: a snapshot is never written to the WAL, so no commit waits behind
 * one. A crash of the server empties it and a standby has none, which costs each queue one
 * longer load (from its events) until its next snapshot: a snapshot is a cache of the log.
 * The snapshots taken before go for the same reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM stream_snapshots;
    ALTER TABLE stream_snapshots DROP COLUMN state;
    ALTER TABLE stream_snapshots ADD COLUMN body bytea NOT NULL;
    ALTER TABLE stream_snapshots ALTER COLUMN body SET STORAGE EXTERNAL;
    ALTER TABLE stream_snapshots SET UNLOGGED;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM stream_snapshots;
    ALTER TABLE stream_snapshots SET LOGGED;
    ALTER TABLE stream_snapshots DROP COLUMN body;
    ALTER TABLE stream_snapshots ADD COLUMN state jsonb NOT NULL;
  `.execute(db);
}
