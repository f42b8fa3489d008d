import { Kysely, sql } from 'kysely';

/*
 * A business's older public events stored together (docs/integrations.md, "How a page is read").
 *
 * In `integration_feed` a business's rows lie among every other business's, in the heap as in
 * the index's leaves, so a page of 1,000 events read 170 to 400 scattered blocks of a
 * 4,000,000-event store, each a disk read once the table outgrows memory. The projection now
 * also folds each business's rendered rows, in order, into chunks of a fixed number of events:
 * one row per chunk, its events' lines in one compressed value (`body`, stored out of line in
 * consecutive blocks). A page is then a few chunks and the newest rows not yet folded.
 *
 * - integration_feed_chunks: keyed by the business and the chunk's last event, so the chunk
 *   holding the event after a cursor is the first whose last key passes the cursor. `body`
 *   holds one line per event: cursor, tab, type, tab, JSON (JSON never holds a raw tab or
 *   newline). Compressed with lz4 where the server has it (faster both ways than pglz).
 * - integration_feed_heads: per business, the rows rendered since its last chunk and that
 *   chunk's last key, so a batch knows when to fold without counting rows.
 * - integration_feed keeps every row, for the filtered reads (`types=`, `record=`); its JSON
 *   leaves the primary key (the unfiltered page no longer reads it there), which halves the
 *   table's size, and long JSON no longer needs a column of its own.
 *
 * The rendering starts again from the log's start (the checkpoint's row is removed, and a
 * subscription without one starts at position 0): the chunks need every row in order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    TRUNCATE integration_feed;
    DELETE FROM es_checkpoints WHERE name = 'integrations.feed';
    ALTER TABLE integration_feed DROP CONSTRAINT integration_feed_pkey;
    ALTER TABLE integration_feed DROP COLUMN json_long;
    ALTER TABLE integration_feed ALTER COLUMN json SET NOT NULL;
    ALTER TABLE integration_feed ADD PRIMARY KEY (tenant_id, transaction_id, position, idx) INCLUDE (type);
    CREATE TABLE integration_feed_chunks (
      tenant_id      uuid NOT NULL,
      last_tx        xid8 NOT NULL,
      last_position  bigint NOT NULL,
      last_idx       smallint NOT NULL,
      events         integer NOT NULL CHECK (events > 0),
      body           text NOT NULL,
      PRIMARY KEY (tenant_id, last_tx, last_position, last_idx)
    );
    CREATE TABLE integration_feed_heads (
      tenant_id      uuid PRIMARY KEY,
      pending        integer NOT NULL CHECK (pending >= 0),
      last_tx        xid8,
      last_position  bigint,
      last_idx       smallint
    );
    DO $$
    BEGIN
      ALTER TABLE integration_feed_chunks ALTER COLUMN body SET COMPRESSION lz4;
    EXCEPTION WHEN feature_not_supported THEN
      -- A server built without lz4 compresses with pglz, its default.
      NULL;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS integration_feed_heads;
    DROP TABLE IF EXISTS integration_feed_chunks;
    TRUNCATE integration_feed;
    DELETE FROM es_checkpoints WHERE name = 'integrations.feed';
    ALTER TABLE integration_feed DROP CONSTRAINT integration_feed_pkey;
    ALTER TABLE integration_feed ALTER COLUMN json DROP NOT NULL;
    ALTER TABLE integration_feed ADD COLUMN json_long text;
    ALTER TABLE integration_feed ADD CONSTRAINT integration_feed_check CHECK ((json IS NULL) <> (json_long IS NULL));
    ALTER TABLE integration_feed ADD PRIMARY KEY (tenant_id, transaction_id, position, idx) INCLUDE (type, json);
  `.execute(db);
}
