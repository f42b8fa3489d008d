import { Kysely, sql } from 'kysely';

/*
 * The public feed as it is served (docs/integrations.md, "How a page is read"): each public
 * event of the log once, rendered without personal fields, keyed by the business and the log's
 * reading order. Written by the async projection `integrations.feed`; a key with pii:read
 * still reads the store itself, as personal fields are opened per reader.
 *
 * - integration_feed_pkey: a business's page is one range of it, in the order readers follow.
 * - integration_feed_record: one record's history (`record=`) without reading the business's.
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
      body            text NOT NULL,
      PRIMARY KEY (tenant_id, transaction_id, position, idx) INCLUDE (type)
    );
    CREATE INDEX integration_feed_record ON integration_feed (tenant_id, record_id, transaction_id, position, idx);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS integration_feed`.execute(db);
}
