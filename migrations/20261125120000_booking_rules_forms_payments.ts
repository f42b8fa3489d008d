import { Kysely, sql } from 'kysely';

/*
 * Read tables of the business rules, booking requests, booking form fields, accepted payment
 * types and booking payments (docs/bookings.md). Each is an inline projection's: rebuilt from
 * the events alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE booking_rules (
      tenant_id    uuid NOT NULL,
      id           uuid NOT NULL,
      name         text NOT NULL,
      action       text NOT NULL,
      flow         text NOT NULL,
      applies_to   text NOT NULL,
      time_frame   text NOT NULL,
      starts_on    text,
      ends_on      text,
      working_days jsonb,
      position     integer NOT NULL,
      enabled      boolean NOT NULL DEFAULT true,
      created_at   timestamptz NOT NULL,
      updated_at   timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE INDEX booking_rules_order ON booking_rules (tenant_id, flow, position);

    CREATE TABLE booking_requests (
      tenant_id     uuid NOT NULL,
      id            uuid NOT NULL,
      flow          text NOT NULL,
      status        text NOT NULL,
      department_id uuid,
      queue_id      uuid,
      customer_id   uuid,
      starts_at     timestamptz,
      data          jsonb NOT NULL,
      booking_id    uuid,
      decision      jsonb,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE INDEX booking_requests_list ON booking_requests (tenant_id, status, created_at);

    CREATE TABLE booking_form_fields (
      tenant_id  uuid NOT NULL,
      id         uuid NOT NULL,
      flow       text NOT NULL,
      names      jsonb NOT NULL,
      type       text NOT NULL,
      options    jsonb NOT NULL,
      required   boolean NOT NULL,
      position   integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE INDEX booking_form_fields_flow ON booking_form_fields (tenant_id, flow, position);

    CREATE TABLE business_payment_types (
      tenant_id  uuid PRIMARY KEY,
      methods    jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE booking_transactions (
      tenant_id   uuid NOT NULL,
      id          uuid NOT NULL,
      booking_id  uuid NOT NULL,
      amount      numeric(12, 2) NOT NULL,
      method      text NOT NULL,
      status      text NOT NULL,
      rest_to_pay numeric(12, 2) NOT NULL,
      paid_on     text,
      note        text,
      created_at  timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE INDEX booking_transactions_booking ON booking_transactions (tenant_id, booking_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS booking_transactions;
    DROP TABLE IF EXISTS business_payment_types;
    DROP TABLE IF EXISTS booking_form_fields;
    DROP TABLE IF EXISTS booking_requests;
    DROP TABLE IF EXISTS booking_rules;
  `.execute(db);
}
