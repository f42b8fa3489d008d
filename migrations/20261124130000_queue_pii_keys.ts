import { Kysely, sql } from 'kysely';

/*
 * Data keys of the personal text in queue events (docs/queues.md, "Personal data in queue
 * events"): one key per ticket or queue request. Erasure and the history deletion set the key
 * to NULL instead of deleting the row, so a subject whose key was destroyed is told apart from
 * one that never had any: nothing new is sealed for it with a fresh key from a copy still held
 * in memory. Queue snapshots taken before this migration hold names in plain text: they go
 * (a lost snapshot only costs one longer load).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE queue_pii_keys (
      tenant_id uuid NOT NULL,
      subject_id uuid NOT NULL,
      data_key bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      destroyed_at timestamptz,
      PRIMARY KEY (tenant_id, subject_id)
    );
    DELETE FROM stream_snapshots WHERE kind = 'queue';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS queue_pii_keys`.execute(db);
}
