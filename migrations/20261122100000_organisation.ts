import { Kysely, sql } from 'kysely';

// Read models of the organisation context, written only by its inline projections.
// Every table carries tenant_id (the business id) and every index leads with it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE business_profiles (
      tenant_id            uuid PRIMARY KEY,
      name                 text NOT NULL,
      industry             text,
      country              text,
      city                 text,
      address              text,
      postal_code          text,
      phone                text,
      email                text,
      sms_sender_name      text,
      slot_minutes         integer NOT NULL DEFAULT 15,
      booking_days_limit   integer NOT NULL DEFAULT 30,
      booking_confirmation boolean NOT NULL DEFAULT false,
      published            boolean NOT NULL DEFAULT false,
      time_zone            text NOT NULL DEFAULT 'UTC',
      logo                 text,
      lat                  double precision,
      lng                  double precision,
      working_days         jsonb,
      translations         jsonb NOT NULL DEFAULT '{}',
      created_at           timestamptz NOT NULL DEFAULT now(),
      updated_at           timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE departments (
      id                    uuid PRIMARY KEY,
      tenant_id             uuid NOT NULL,
      name                  text NOT NULL,
      primary_color         text NOT NULL,
      secondary_color       text NOT NULL,
      text_color            text NOT NULL,
      slot_duration         integer NOT NULL,
      max_bookings_per_slot integer NOT NULL,
      max_daily_bookings    integer,
      can_select_member     boolean NOT NULL,
      must_select_member    boolean NOT NULL,
      translations          jsonb NOT NULL DEFAULT '{}',
      created_at            timestamptz NOT NULL,
      updated_at            timestamptz NOT NULL
    );
    CREATE INDEX departments_tenant_name ON departments (tenant_id, name);
    CREATE TABLE services (
      id               uuid PRIMARY KEY,
      tenant_id        uuid NOT NULL,
      name             text NOT NULL,
      price            numeric(12, 2) NOT NULL,
      duration_seconds integer NOT NULL,
      category         text,
      parent_id        uuid,
      ussd_order       integer NOT NULL,
      created_at       timestamptz NOT NULL,
      updated_at       timestamptz NOT NULL
    );
    CREATE INDEX services_tenant_order ON services (tenant_id, ussd_order);
    CREATE INDEX services_tenant_parent ON services (tenant_id, parent_id);
    CREATE TABLE department_services (
      tenant_id        uuid NOT NULL,
      department_id    uuid NOT NULL,
      service_id       uuid NOT NULL,
      duration_seconds integer,
      PRIMARY KEY (department_id, service_id)
    );
    CREATE INDEX department_services_tenant_service ON department_services (tenant_id, service_id);
    CREATE TABLE team_members (
      id            uuid PRIMARY KEY,
      tenant_id     uuid NOT NULL,
      first_name    text NOT NULL,
      last_name     text NOT NULL,
      email         text,
      phone         text,
      photo         text,
      position      text NOT NULL,
      role          text NOT NULL,
      department_id uuid,
      is_bookable   boolean NOT NULL DEFAULT false,
      member_since  date,
      working_days  jsonb,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL
    );
    CREATE INDEX team_members_tenant_name ON team_members (tenant_id, last_name, first_name);
    CREATE INDEX team_members_tenant_department ON team_members (tenant_id, department_id);
    CREATE TABLE holidays (
      id         uuid PRIMARY KEY,
      tenant_id  uuid NOT NULL,
      type       text NOT NULL,
      scope      text NOT NULL,
      member_ids jsonb NOT NULL DEFAULT '[]',
      reason     text,
      starts_at  timestamptz NOT NULL,
      ends_at    timestamptz NOT NULL,
      all_day    boolean NOT NULL DEFAULT false,
      status     text NOT NULL,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL,
      CHECK (ends_at > starts_at)
    );
    CREATE INDEX holidays_tenant_period ON holidays (tenant_id, starts_at, ends_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE holidays; DROP TABLE team_members; DROP TABLE department_services;
    DROP TABLE services; DROP TABLE departments; DROP TABLE business_profiles;
  `.execute(db);
}
