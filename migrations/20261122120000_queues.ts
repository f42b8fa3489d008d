import { Kysely, sql } from 'kysely';

// The queues context: read models written by its inline projections (docs/queues.md).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE queues (
      id            uuid PRIMARY KEY,
      tenant_id     uuid NOT NULL,
      name          text NOT NULL,
      priority      integer NOT NULL DEFAULT 0,
      settings      jsonb NOT NULL,
      paused        boolean NOT NULL DEFAULT false,
      delay_seconds integer NOT NULL DEFAULT 0,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL
    );
    CREATE INDEX queues_tenant ON queues (tenant_id, priority DESC, name);

    CREATE TABLE queue_counters (
      id                uuid PRIMARY KEY,
      tenant_id         uuid NOT NULL,
      queue_id          uuid NOT NULL,
      name              text NOT NULL,
      break_minutes     integer NOT NULL DEFAULT 0,
      service_ids       jsonb NOT NULL DEFAULT '[]',
      open              boolean NOT NULL DEFAULT false,
      held_by           uuid,
      serving_ticket_id uuid,
      opened_at         timestamptz,
      updated_at        timestamptz NOT NULL
    );
    CREATE INDEX queue_counters_queue ON queue_counters (tenant_id, queue_id);
    -- A member holds at most one open counter in the whole business. Each queue is its own
    -- stream, so no single decision sees every counter: the projection runs inside the append,
    -- and this index refuses the append of a second CounterOpened.
    CREATE UNIQUE INDEX queue_counters_one_per_member ON queue_counters (tenant_id, held_by) WHERE open;

    CREATE TABLE queue_tickets (
      id                     uuid PRIMARY KEY,
      tenant_id              uuid NOT NULL,
      queue_id               uuid NOT NULL,
      uid                    text NOT NULL UNIQUE,
      number                 integer NOT NULL,
      label                  text NOT NULL,
      day                    date NOT NULL,
      status                 text NOT NULL,
      rank                   integer,
      urgent                 boolean NOT NULL DEFAULT false,
      late                   boolean NOT NULL DEFAULT false,
      service_ids            jsonb NOT NULL DEFAULT '[]',
      member_id              uuid,
      customer_id            uuid,
      customer_name          text,
      counter_id             uuid,
      checked_in_at          timestamptz NOT NULL,
      called_at              timestamptz,
      archived_at            timestamptz,
      service_seconds        integer,
      estimated_wait_seconds integer,
      notes                  jsonb NOT NULL DEFAULT '[]',
      feedback_stars         smallint,
      feedback_text          text,
      updated_at             timestamptz NOT NULL
    );
    CREATE INDEX queue_tickets_live ON queue_tickets (tenant_id, queue_id, status, rank);
    CREATE INDEX queue_tickets_archive ON queue_tickets (tenant_id, queue_id, archived_at DESC) WHERE archived_at IS NOT NULL;
    CREATE INDEX queue_tickets_open_days ON queue_tickets (tenant_id, day) WHERE archived_at IS NULL;

    -- Predicted wait at check-in against the wait measured at the call: the estimate's accuracy.
    CREATE TABLE queue_wait_predictions (
      ticket_id         uuid PRIMARY KEY,
      tenant_id         uuid NOT NULL,
      queue_id          uuid NOT NULL,
      rank              integer NOT NULL,
      predicted_seconds integer NOT NULL,
      actual_seconds    integer,
      checked_in_at     timestamptz NOT NULL,
      called_at         timestamptz
    );
    CREATE INDEX queue_wait_predictions_queue ON queue_wait_predictions (tenant_id, queue_id, checked_in_at DESC);

    CREATE TABLE note_types (
      id         uuid PRIMARY KEY,
      tenant_id  uuid NOT NULL,
      name       text NOT NULL,
      color      text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX note_types_tenant ON note_types (tenant_id, name);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS note_types, queue_wait_predictions, queue_tickets, queue_counters, queues`.execute(db);
}
