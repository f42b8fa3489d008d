import { Kysely, sql } from 'kysely';

// The event store tables mirror EventStoreDB's model: streams with 0-based revisions and one
// global log. Why the log is read in (transaction_id, position) order rather than by a
// position handed out under a global lock: docs/eventstore.md.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- One row per stream, written when the stream begins. The current revision is read from
    -- es_events' (stream_id, revision) index: updating a row here on every append cost a
    -- tenth of the append rate (docs/benchmarks.md).
    CREATE TABLE es_streams (
      stream_id  text PRIMARY KEY,
      category   text NOT NULL,
      tenant_id  uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE es_events (
      position       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id      text NOT NULL,
      revision       bigint NOT NULL,
      category       text NOT NULL,
      tenant_id      uuid,
      event_id       uuid NOT NULL UNIQUE,
      event_type     text NOT NULL,
      data           jsonb NOT NULL,
      metadata       jsonb NOT NULL,
      recorded_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, revision)
    );
    CREATE INDEX es_events_transaction_position ON es_events (transaction_id, position);
    CREATE INDEX es_events_tenant_position ON es_events (tenant_id, position);

    -- The highest position stored; "did anything get written" checks read it.
    CREATE VIEW es_head AS SELECT true AS id, COALESCE(max(position), 0)::bigint AS position FROM es_events;

    CREATE TABLE es_checkpoints (
      name           text PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT '0',
      position       bigint NOT NULL DEFAULT 0,
      status         text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'retrying', 'faulted')),
      error          text,
      attempts       integer NOT NULL DEFAULT 0,
      updated_at     timestamptz NOT NULL DEFAULT now()
    );

    -- One round trip per append. The per-stream advisory lock is taken before the first write,
    -- so the transaction id (assigned at that write) grows with the revision within a stream.
    CREATE FUNCTION es_append(
      p_stream text, p_category text, p_tenant uuid, p_expected text, p_check_ids boolean,
      p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[], p_recorded_at timestamptz
    ) RETURNS TABLE (outcome text, revision bigint, positions bigint[])
    LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      v_actual bigint;
      v_first bigint;
      v_last bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('es_stream:' || p_stream, 0));
      SELECT max(e.revision) INTO v_actual FROM es_events e WHERE e.stream_id = p_stream;
      IF p_check_ids AND EXISTS (SELECT 1 FROM es_events e WHERE e.event_id = ANY (p_ids)) THEN
        RETURN QUERY SELECT 'replayed'::text, v_actual, NULL::bigint[];
        RETURN;
      END IF;
      IF (p_expected = 'no_stream' AND v_actual IS NOT NULL)
        OR (p_expected = 'stream_exists' AND v_actual IS NULL)
        OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND v_actual IS DISTINCT FROM p_expected::bigint) THEN
        RETURN QUERY SELECT 'wrong_expected_version'::text, v_actual, NULL::bigint[];
        RETURN;
      END IF;
      v_first := COALESCE(v_actual + 1, 0);
      v_last := v_first + cardinality(p_ids) - 1;
      IF v_actual IS NULL THEN
        INSERT INTO es_streams (stream_id, category, tenant_id) VALUES (p_stream, p_category, p_tenant) ON CONFLICT (stream_id) DO NOTHING;
      END IF;
      RETURN QUERY
        WITH inserted AS (
          INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
          SELECT p_stream, v_first + e.ord - 1, p_category, p_tenant, e.id, e.type, e.data, e.metadata, p_recorded_at
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(id, type, data, metadata, ord)
          ORDER BY e.ord
          RETURNING es_events.position, es_events.revision
        )
        SELECT 'appended'::text, v_last, array_agg(i.position ORDER BY i.revision) FROM inserted i;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION es_append;
    DROP TABLE es_checkpoints;
    DROP VIEW es_head;
    DROP TABLE es_events;
    DROP TABLE es_streams;
  `.execute(db);
}
