import { Kysely, sql } from 'kysely';

/*
 * Signed webhooks (docs/integrations-webhooks.md).
 *
 * - webhooks: the business's subscriptions, projected from the webhook streams.
 * - webhook_secrets: the signing secret (and the previous one while it is still honoured after a
 *   rotation). Never in an event: a secret must not outlive its rotation in the log.
 * - webhook_health: since when a webhook has failed without a single success; the sender disables
 *   it past the horizon.
 * - webhook_deliveries: the outbox and the delivery log in one. The recorder writes one row per
 *   (webhook, event) in the transaction that moves its checkpoint; the sender claims rows with
 *   FOR UPDATE SKIP LOCKED and a lease. `seq` is the order the rows were recorded in, which per
 *   record is the log's order: a record's row is sent only once every earlier one is delivered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE webhooks (
      id              uuid PRIMARY KEY,
      tenant_id       uuid NOT NULL,
      url             text NOT NULL,
      event_types     text[] NOT NULL,
      enabled         boolean NOT NULL,
      description     text,
      disabled_reason text,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL
    );
    CREATE INDEX webhooks_tenant ON webhooks (tenant_id, created_at);

    CREATE TABLE webhook_secrets (
      webhook_id      uuid PRIMARY KEY,
      tenant_id       uuid NOT NULL,
      secret          text NOT NULL,
      previous_secret text,
      previous_until  timestamptz,
      updated_at      timestamptz NOT NULL
    );

    CREATE TABLE webhook_health (
      webhook_id      uuid PRIMARY KEY,
      tenant_id       uuid NOT NULL,
      failing_since   timestamptz,
      last_success_at timestamptz,
      last_failure_at timestamptz
    );

    CREATE TABLE webhook_deliveries (
      id              uuid PRIMARY KEY,
      seq             bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      tenant_id       uuid NOT NULL,
      webhook_id      uuid NOT NULL,
      dedupe_key      text NOT NULL,
      event_id        uuid NOT NULL,
      position        bigint NOT NULL,
      event_type      text NOT NULL,
      record_key      text NOT NULL,
      body            text NOT NULL,
      cause           text NOT NULL CHECK (cause IN ('event', 'redeliver', 'replay')),
      status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'delivered', 'cancelled')),
      attempts        integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_until   timestamptz,
      response_status integer,
      response_body   text,
      error           text,
      duration_ms     integer,
      created_at      timestamptz NOT NULL DEFAULT now(),
      attempted_at    timestamptz,
      delivered_at    timestamptz,
      UNIQUE (webhook_id, dedupe_key)
    );
    CREATE INDEX webhook_deliveries_log ON webhook_deliveries (tenant_id, webhook_id, seq DESC);
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'queued';
    CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, record_key, seq) WHERE status IN ('queued', 'sending');
    CREATE INDEX webhook_deliveries_claimed ON webhook_deliveries (claimed_until) WHERE status = 'sending';
  `.execute(db);
  // An installation with history does not post its past to a webhook made today: the recorder
  // starts at the head of the log ("replay from position N" sends the past on demand).
  await sql`
    INSERT INTO es_checkpoints (name, transaction_id, position)
    SELECT 'integrations.webhooks', transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE webhook_deliveries, webhook_health, webhook_secrets, webhooks;
    DELETE FROM es_checkpoints WHERE name = 'integrations.webhooks';
  `.execute(db);
}
