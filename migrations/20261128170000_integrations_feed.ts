import { Kysely, sql } from 'kysely';

/*
 * The public feed as it is served (docs/integrations.md, "How a page is read"): each public
 * event of the log once, rendered without personal fields, keyed by the business and the log's
 * reading order. Written by the async projection `integrations.feed`; a key with pii:read
 * still reads the store itself, as personal fields are opened per reader.
 *
 * - integration_feed_pkey carries the events' JSON in its leaves (`json`): a business's page
 *   is one range of the index, read from the index alone, where the heap would hold each
 *   business's rows scattered among every other business's (a page touched ~400 heap pages
 *   of a 4,000,000-event store, against ~40 leaf pages). An index entry has a size limit
 *   (about 2,700 bytes), so an event whose JSON is longer keeps it in `json_long`, in the heap
 *   only, and is fetched by its key.
 * - integration_feed_record: one record's history (`record=`) without reading the business's.
 * - An insert-only table is vacuumed by the insert count: a low threshold keeps its pages
 *   marked all-visible, which the index-only read needs (a page not yet marked is read from
 *   the heap as well; those are the recent, cached ones).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE integration_feed (
      tenant_id       uuid NOT NULL,
      transaction_id  xid8 NOT NULL,
      position        bigint NOT NULL,
      idx             smallint NOT NULL,
      type            text NOT NULL,
      record_type     text NOT NULL,
      record_id       text NOT NULL,
      json            text,
      json_long       text,
      CHECK ((json IS NULL) <> (json_long IS NULL)),
      PRIMARY KEY (tenant_id, transaction_id, position, idx) INCLUDE (type, json)
    ) WITH (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 10000);
    CREATE INDEX integration_feed_record ON integration_feed (tenant_id, record_id, transaction_id, position, idx);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS integration_feed`.execute(db);
}
