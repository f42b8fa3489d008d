import { Kysely, sql } from 'kysely';

// The accounts context. business_accounts and users are read models written by inline
// projections; credentials, sessions, password_resets, captchas and login_throttle are
// operational tables holding secrets or short-lived state that never enters the event log.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE business_accounts (
      tenant_id        uuid PRIMARY KEY,
      name             text NOT NULL,
      email            text NOT NULL,
      phone            text,
      country          text,
      owner_user_id    uuid NOT NULL,
      status           text NOT NULL,
      registered_at    timestamptz NOT NULL,
      approved_at      timestamptz,
      trial_ends_at    timestamptz NOT NULL,
      trial_sms        integer NOT NULL,
      package          text,
      plan             text,
      package_starts_at timestamptz,
      package_ends_at  timestamptz,
      sms_consumed     integer NOT NULL DEFAULT 0
    );
    CREATE TABLE users (
      id          uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      email       text NOT NULL,
      email_lower text NOT NULL,
      first_name  text NOT NULL,
      last_name   text NOT NULL,
      phone       text,
      language    text,
      role        text NOT NULL,
      position    text NOT NULL,
      created_at  timestamptz NOT NULL,
      updated_at  timestamptz NOT NULL
    );
    -- One account per e-mail across every business: checked in the append transaction.
    CREATE UNIQUE INDEX users_email_lower ON users (email_lower);
    CREATE INDEX users_tenant_name ON users (tenant_id, last_name, first_name);
    CREATE TABLE credentials (
      user_id       uuid PRIMARY KEY,
      tenant_id     uuid NOT NULL,
      password_hash text NOT NULL,
      updated_at    timestamptz NOT NULL
    );
    CREATE TABLE sessions (
      id           uuid PRIMARY KEY,
      token_hash   text NOT NULL UNIQUE,
      user_id      uuid NOT NULL,
      tenant_id    uuid NOT NULL,
      ip           text,
      created_at   timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE TABLE password_resets (
      user_id    uuid PRIMARY KEY,
      tenant_id  uuid NOT NULL,
      code_hash  text NOT NULL,
      attempts   integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE TABLE captchas (
      key        uuid PRIMARY KEY,
      text_hash  text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX captchas_expiry ON captchas (expires_at);
    CREATE TABLE login_throttle (
      key             text PRIMARY KEY,
      failures        integer NOT NULL,
      last_failure_at timestamptz NOT NULL,
      locked_until    timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE login_throttle, captchas, password_resets, sessions, credentials, users, business_accounts`.execute(db);
}
