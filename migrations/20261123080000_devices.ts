import { Kysely, sql } from 'kysely';

// Kiosks and display screens (docs/devices.md): read models of their streams, and the
// credentials and sessions that are deliberately not events.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE kiosks (
      id         uuid PRIMARY KEY,
      tenant_id  uuid NOT NULL,
      key        text NOT NULL UNIQUE,
      name       text NOT NULL,
      status     text NOT NULL,
      settings   jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX kiosks_tenant ON kiosks (tenant_id, name);

    CREATE TABLE displays (
      id         uuid PRIMARY KEY,
      tenant_id  uuid NOT NULL,
      key        text NOT NULL UNIQUE,
      name       text NOT NULL,
      status     text NOT NULL,
      settings   jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX displays_tenant ON displays (tenant_id, name);

    CREATE TABLE device_credentials (
      device_id      uuid PRIMARY KEY,
      tenant_id      uuid NOT NULL,
      kind           text NOT NULL CHECK (kind IN ('kiosk', 'display')),
      secret_hash    text NOT NULL,
      autologin_hash text NOT NULL,
      updated_at     timestamptz NOT NULL
    );

    CREATE TABLE device_sessions (
      id           uuid PRIMARY KEY,
      token_hash   text NOT NULL UNIQUE,
      kind         text NOT NULL CHECK (kind IN ('kiosk', 'display')),
      device_id    uuid NOT NULL,
      tenant_id    uuid NOT NULL,
      ip           text,
      created_at   timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      revoked_at   timestamptz
    );
    CREATE INDEX device_sessions_device ON device_sessions (device_id) WHERE revoked_at IS NULL;

    CREATE TABLE display_pings (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      display_id uuid NOT NULL,
      tenant_id  uuid NOT NULL,
      at         timestamptz NOT NULL,
      ip         text,
      user_agent text,
      kind       text NOT NULL,
      info       jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX display_pings_display ON display_pings (tenant_id, display_id, at DESC);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS display_pings, device_sessions, device_credentials, displays, kiosks`.execute(db);
}
