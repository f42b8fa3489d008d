import { Kysely, sql } from 'kysely';

// The customers context (CRM): read models written by its inline projections, the per-customer
// data keys that make personal data erasable (docs/customers.md), and operational tables
// (internal-id counter, scheduled jobs). Every table carries tenant_id.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS btree_gin;

    CREATE TABLE customers (
      id                    uuid PRIMARY KEY,
      tenant_id             uuid NOT NULL,
      first_name            text,
      last_name             text,
      email                 text,
      phone                 text,
      second_phone          text,
      address               text,
      date_of_birth         date,
      place_of_birth        text,
      nationality           text,
      preferred_language    text,
      internal_id           text,
      internal_id_num       bigint,
      platform_id           text,
      platform_verification text,
      notes                 text,
      additional_data       jsonb NOT NULL DEFAULT '{}',
      category              text NOT NULL DEFAULT 'BASIC',
      book_more_than_once   boolean NOT NULL DEFAULT false,
      search                text NOT NULL DEFAULT '',
      phone_digits          text NOT NULL DEFAULT '',
      next_booking_at       timestamptz,
      created_at            timestamptz NOT NULL,
      updated_at            timestamptz NOT NULL
    );
    -- One internal id (a medical file number) names one customer of a business. The inline
    -- projection writes inside the append, so a duplicate refuses the append itself.
    CREATE UNIQUE INDEX customers_tenant_internal_id ON customers (tenant_id, internal_id) WHERE internal_id IS NOT NULL;
    CREATE INDEX customers_tenant_iid_num ON customers (tenant_id, internal_id_num) WHERE internal_id_num IS NOT NULL;
    CREATE INDEX customers_tenant_created ON customers (tenant_id, created_at DESC, id);
    CREATE INDEX customers_tenant_last_name ON customers (tenant_id, last_name, first_name);
    CREATE INDEX customers_tenant_category ON customers (tenant_id, category, created_at DESC);
    CREATE INDEX customers_tenant_phone ON customers (tenant_id, phone);
    CREATE INDEX customers_tenant_email ON customers (tenant_id, email);
    -- Keyword search: trigram GIN led by the tenant (btree_gin), so one business's search
    -- never walks another's rows.
    CREATE INDEX customers_search_trgm ON customers USING gin (tenant_id, search gin_trgm_ops);
    CREATE INDEX customers_phone_trgm ON customers USING gin (tenant_id, phone_digits gin_trgm_ops);

    -- One AES-256 data key per customer. Deleting the row is erasing the customer: the sealed
    -- personal data in the event log cannot be opened without it.
    CREATE TABLE customer_keys (
      customer_id uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      data_key    bytea NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX customer_keys_tenant ON customer_keys (tenant_id);

    CREATE TABLE customer_attachments (
      id           uuid PRIMARY KEY,
      tenant_id    uuid NOT NULL,
      customer_id  uuid NOT NULL,
      file_name    text NOT NULL,
      content_type text NOT NULL,
      size         integer NOT NULL,
      storage_key  text NOT NULL,
      created_at   timestamptz NOT NULL
    );
    CREATE INDEX customer_attachments_tenant_customer ON customer_attachments (tenant_id, customer_id, created_at DESC);

    -- Operational: hands out internal ids under a row lock, so two concurrent calls never get
    -- the same number.
    CREATE TABLE customer_iid_counters (
      tenant_id uuid PRIMARY KEY,
      next_iid  bigint NOT NULL
    );

    -- Read models the booking and queue contexts fill; the customer screen's tabs read them.
    CREATE TABLE customer_bookings (
      id          uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      customer_id uuid NOT NULL,
      starts_at   timestamptz NOT NULL,
      status      text NOT NULL,
      summary     jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX customer_bookings_tenant_customer ON customer_bookings (tenant_id, customer_id, starts_at);
    CREATE TABLE customer_archived_bookings (
      id          uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      customer_id uuid NOT NULL,
      starts_at   timestamptz NOT NULL,
      status      text NOT NULL,
      summary     jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX customer_archived_bookings_tenant_customer ON customer_archived_bookings (tenant_id, customer_id, starts_at DESC);
    CREATE TABLE customer_archived_tickets (
      id          uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      customer_id uuid NOT NULL,
      queue_id    uuid,
      ended_at    timestamptz NOT NULL,
      status      text NOT NULL,
      summary     jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX customer_archived_tickets_tenant_customer ON customer_archived_tickets (tenant_id, customer_id, ended_at DESC);

    CREATE TABLE business_privacy (
      tenant_id  uuid PRIMARY KEY,
      settings   jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    );

    -- Jobs that must survive restarts and run once across API instances: the runner claims a
    -- due row with FOR UPDATE SKIP LOCKED and moves next_run_at in the same transaction.
    CREATE TABLE scheduled_jobs (
      name        text NOT NULL,
      tenant_id   uuid NOT NULL,
      next_run_at timestamptz NOT NULL,
      last_run_at timestamptz,
      runs        integer NOT NULL DEFAULT 0,
      PRIMARY KEY (name, tenant_id)
    );
    CREATE INDEX scheduled_jobs_due ON scheduled_jobs (next_run_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE scheduled_jobs;
    DROP TABLE business_privacy;
    DROP TABLE customer_archived_tickets;
    DROP TABLE customer_archived_bookings;
    DROP TABLE customer_bookings;
    DROP TABLE customer_iid_counters;
    DROP TABLE customer_attachments;
    DROP TABLE customer_keys;
    DROP TABLE customers;
  `.execute(db);
}
