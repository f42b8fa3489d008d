import { Kysely, sql } from 'kysely';

/*
 * Group commit: the appends a process has waiting while another of its appends is in flight go
 * to the server together, in one call and one transaction. Each keeps its own expected-revision
 * check and outcome (es_append runs once per append, in order); only the round trip and the
 * commit are shared. Why: docs/eventstore.md, figures in docs/benchmarks.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Append i has p_counts[i] events, consecutive in the event arrays.
    CREATE FUNCTION es_append_batch(
      p_streams text[], p_categories text[], p_tenants uuid[], p_expected text[], p_check_ids boolean[],
      p_recorded_at timestamptz[], p_counts integer[],
      p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
    ) RETURNS TABLE (item integer, outcome text, revision bigint, positions bigint[])
    LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      v_key bigint;
      v_from integer := 1;
      v_to integer;
    BEGIN
      -- Every stream's lock before the first write: the transaction id (assigned at that write)
      -- still grows with the revision within each stream. Taken in key order, the one order
      -- every batch uses, so two batches that share streams wait for each other, never deadlock.
      FOR v_key IN SELECT DISTINCT hashtextextended('es_stream:' || s, 0) FROM unnest(p_streams) s ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(v_key);
      END LOOP;
      FOR i IN 1 .. cardinality(p_streams) LOOP
        v_to := v_from + p_counts[i] - 1;
        RETURN QUERY SELECT i, a.outcome, a.revision, a.positions FROM es_append(
          p_streams[i], p_categories[i], p_tenants[i], p_expected[i], p_check_ids[i],
          p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to], p_recorded_at[i]) a;
        v_from := v_to + 1;
      END LOOP;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION es_append_batch`.execute(db);
}
