import { Kysely, sql } from 'kysely';

/*
 * Queue requests: customers joining remotely wait here until staff approve (a ticket is pushed)
 * or decline. Written by the inline projection queues.requests (docs/queue-requests.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE queue_requests (
      id             uuid PRIMARY KEY,
      tenant_id      uuid NOT NULL,
      queue_id       uuid NOT NULL,
      uid            text NOT NULL UNIQUE,
      status         text NOT NULL,
      name           text NOT NULL,
      phone          text NOT NULL,
      service_ids    jsonb NOT NULL DEFAULT '[]',
      member_id      uuid,
      note           text,
      decline_reason text,
      ticket_id      uuid,
      ticket_uid     text,
      ticket_label   text,
      customer_id    uuid,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      decided_at     timestamptz
    );
    CREATE INDEX queue_requests_queue ON queue_requests (tenant_id, queue_id, status, created_at);
    -- One pending request per phone and queue. Each request is its own stream, so no single
    -- decision sees the others: the projection runs inside the append, and this index refuses
    -- the append of a second pending request.
    CREATE UNIQUE INDEX queue_requests_one_pending_per_phone ON queue_requests (tenant_id, queue_id, phone) WHERE status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS queue_requests`.execute(db);
}
