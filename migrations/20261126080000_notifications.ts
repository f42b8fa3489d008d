import { Kysely, sql } from 'kysely';

/*
 * The notifications context (docs/notifications.md).
 *
 * - notification_messages: the outbox and the ledger in one. The reactor records each message
 *   in the transaction that moves its checkpoint; the sender claims, sends and marks it; the
 *   SMS screen lists the SMS rows. `dedupe_key` makes a message once per cause (an event and a
 *   type and a channel, a booking's reminder at a start).
 * - notification_settings, message_templates, sms_opt_outs: projections of the business's
 *   notification settings stream (rebuilt from events alone).
 * - sms_allowances: what a business may still send; the reactor takes the segments of an SMS
 *   from it in the same transaction as it records the SMS, so nothing is half-sent.
 * - booking_reminders: the durable schedule of reminders, projected from booking events and
 *   swept once due.
 * - push_subscriptions: the ticket pages that asked to be notified.
 * - provider_events: callbacks already applied (providers repeat them).
 * - installation_secrets: keys the installation makes on first start (the VAPID pair).
 * - staff_notifications: what the back-office's bell shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notification_messages (
      id              uuid PRIMARY KEY,
      tenant_id       uuid NOT NULL,
      dedupe_key      text NOT NULL,
      message_type    text NOT NULL,
      channel         text NOT NULL CHECK (channel IN ('sms', 'email', 'push')),
      recipient       text NOT NULL,
      customer_id     uuid,
      ticket_id       uuid,
      booking_id      uuid,
      language        text NOT NULL,
      subject         text,
      body            text NOT NULL,
      encoding        text,
      segments        integer,
      cost            numeric(10, 4),
      status          text NOT NULL DEFAULT 'queued'
                      CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered', 'bounced', 'skipped')),
      skip_reason     text,
      attempts        integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_at      timestamptz,
      claimed_until   timestamptz,
      provider        text,
      provider_id     text,
      error           text,
      fallback_of     uuid,
      created_at      timestamptz NOT NULL DEFAULT now(),
      sent_at         timestamptz,
      updated_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (tenant_id, dedupe_key)
    );
    -- The sender's work: due messages, and claims whose lease ran out (a sender that died).
    CREATE INDEX notification_messages_due ON notification_messages (next_attempt_at) WHERE status = 'queued';
    CREATE INDEX notification_messages_claimed ON notification_messages (claimed_until) WHERE status = 'sending';
    CREATE INDEX notification_messages_ledger ON notification_messages (tenant_id, channel, created_at DESC, id);
    CREATE INDEX notification_messages_customer ON notification_messages (tenant_id, customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
    CREATE INDEX notification_messages_ticket ON notification_messages (tenant_id, ticket_id) WHERE ticket_id IS NOT NULL;
    CREATE INDEX notification_messages_booking ON notification_messages (tenant_id, booking_id) WHERE booking_id IS NOT NULL;
    CREATE INDEX notification_messages_provider ON notification_messages (provider, provider_id) WHERE provider_id IS NOT NULL;

    CREATE TABLE notification_settings (
      tenant_id     uuid PRIMARY KEY,
      settings      jsonb NOT NULL,
      sms           jsonb NOT NULL,
      updated_at    timestamptz NOT NULL
    );

    CREATE TABLE message_templates (
      tenant_id     uuid NOT NULL,
      message_type  text NOT NULL,
      language      text NOT NULL,
      channel       text NOT NULL,
      subject       text,
      body          text NOT NULL,
      updated_at    timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, message_type, language, channel)
    );

    CREATE TABLE sms_opt_outs (
      tenant_id     uuid NOT NULL,
      phone         text NOT NULL,
      opted_out_at  timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, phone)
    );

    CREATE TABLE sms_allowances (
      tenant_id     uuid PRIMARY KEY,
      allowance     integer NOT NULL,
      consumed      integer NOT NULL DEFAULT 0,
      updated_at    timestamptz NOT NULL DEFAULT now(),
      CHECK (consumed >= 0)
    );

    CREATE TABLE booking_reminders (
      tenant_id     uuid NOT NULL,
      booking_id    uuid NOT NULL,
      message_type  text NOT NULL,
      starts_at     timestamptz NOT NULL,
      due_at        timestamptz NOT NULL,
      status        text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sent', 'dropped')),
      updated_at    timestamptz NOT NULL,
      PRIMARY KEY (booking_id, message_type)
    );
    CREATE INDEX booking_reminders_due ON booking_reminders (due_at) WHERE status = 'scheduled';

    CREATE TABLE push_subscriptions (
      id            uuid PRIMARY KEY,
      tenant_id     uuid NOT NULL,
      ticket_id     uuid NOT NULL,
      endpoint      text NOT NULL,
      p256dh        text NOT NULL,
      auth          text NOT NULL,
      language      text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (ticket_id, endpoint)
    );
    CREATE INDEX push_subscriptions_ticket ON push_subscriptions (tenant_id, ticket_id);

    CREATE TABLE provider_events (
      provider      text NOT NULL,
      event_id      text NOT NULL,
      received_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    );

    CREATE TABLE installation_secrets (
      name          text PRIMARY KEY,
      value         jsonb NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE staff_notifications (
      id            uuid PRIMARY KEY,
      tenant_id     uuid NOT NULL,
      kind          text NOT NULL,
      dedupe_key    text NOT NULL,
      payload       jsonb NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      read_at       timestamptz,
      UNIQUE (tenant_id, dedupe_key)
    );
    CREATE INDEX staff_notifications_recent ON staff_notifications (tenant_id, created_at DESC, id);
  `.execute(db);
  // An installation that has history already must not message its customers about the past:
  // the messages reactor starts at the head of the log.
  await sql`
    INSERT INTO es_checkpoints (name, transaction_id, position)
    SELECT 'notifications.messages', transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE staff_notifications, installation_secrets, provider_events, push_subscriptions, booking_reminders,
      sms_allowances, sms_opt_outs, message_templates, notification_settings, notification_messages;
    DELETE FROM es_checkpoints WHERE name = 'notifications.messages';
  `.execute(db);
}
