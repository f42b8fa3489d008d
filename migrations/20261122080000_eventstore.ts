import { Kysely, sql } from 'kysely';

// The event store tables mirror EventStoreDB's model: streams with 0-based revisions,
// one gapless global position handed out under the es_head row lock.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE es_streams (
      stream_id text PRIMARY KEY,
      category  text NOT NULL,
      tenant_id uuid,
      revision  bigint NOT NULL
    );
    CREATE TABLE es_head (
      id       boolean PRIMARY KEY DEFAULT true CHECK (id),
      position bigint NOT NULL
    );
    INSERT INTO es_head (id, position) VALUES (true, 0);
    CREATE TABLE es_events (
      position    bigint PRIMARY KEY,
      stream_id   text NOT NULL,
      revision    bigint NOT NULL,
      category    text NOT NULL,
      tenant_id   uuid,
      event_id    uuid NOT NULL UNIQUE,
      event_type  text NOT NULL,
      data        jsonb NOT NULL,
      metadata    jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, revision)
    );
    CREATE INDEX es_events_tenant_position ON es_events (tenant_id, position);
    CREATE INDEX es_events_category_position ON es_events (category, position);
    CREATE TABLE es_checkpoints (
      name       text PRIMARY KEY,
      position   bigint NOT NULL DEFAULT 0,
      status     text NOT NULL DEFAULT 'running',
      error      text,
      attempts   integer NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE es_checkpoints; DROP TABLE es_events; DROP TABLE es_head; DROP TABLE es_streams;`.execute(db);
}
