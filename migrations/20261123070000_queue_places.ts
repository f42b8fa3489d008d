import { Kysely, sql } from 'kysely';

/*
 * The waiting order is kept as a sortable place instead of a stored rank: calling the head of a
 * 1,000-ticket list then touches one row, not 999. The rank is counted when read. A place
 * between two neighbours is their midpoint; when doubles run out of room there, the projection
 * spreads the queue's places out again.
 *
 * Snapshots let a long-lived stream (a queue keeps a year of tickets) be loaded from its last
 * snapshot and the events after it, so loading does not grow with the stream's history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS queue_tickets_live;
    ALTER TABLE queue_tickets DROP COLUMN rank;
    ALTER TABLE queue_tickets ADD COLUMN place double precision;
    CREATE INDEX queue_tickets_waiting ON queue_tickets (tenant_id, queue_id, place) WHERE status = 'waiting';
    CREATE INDEX queue_tickets_live ON queue_tickets (tenant_id, queue_id, status) WHERE archived_at IS NULL;
    CREATE INDEX queue_tickets_counter ON queue_tickets (tenant_id, counter_id) WHERE status = 'in_service';

    -- The smoothed service time per service, so the waiting list shows current estimates.
    ALTER TABLE queues ADD COLUMN service_time jsonb NOT NULL DEFAULT '{}';

    CREATE TABLE stream_snapshots (
      stream_id  text PRIMARY KEY,
      kind       text NOT NULL,
      version    integer NOT NULL,
      revision   bigint NOT NULL,
      state      jsonb NOT NULL,
      taken_at   timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS stream_snapshots;
    ALTER TABLE queues DROP COLUMN service_time;
    DROP INDEX IF EXISTS queue_tickets_waiting;
    DROP INDEX IF EXISTS queue_tickets_live;
    DROP INDEX IF EXISTS queue_tickets_counter;
    ALTER TABLE queue_tickets DROP COLUMN place;
    ALTER TABLE queue_tickets ADD COLUMN rank integer;
    CREATE INDEX queue_tickets_live ON queue_tickets (tenant_id, queue_id, status, rank);
  `.execute(db);
}
