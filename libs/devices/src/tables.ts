import type { ColumnType, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface DevicesTable {
  id: string;
  tenant_id: string;
  key: string;
  name: string;
  status: string;
  settings: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Secrets (192-bit) and auto-login tokens (256-bit), random, kept as SHA-256 hashes; never in an event. */
export interface DeviceCredentialsTable {
  device_id: string;
  tenant_id: string;
  kind: string;
  secret_hash: string;
  autologin_hash: string;
  updated_at: Timestamp;
}

export interface DeviceSessionsTable {
  id: string;
  token_hash: string;
  kind: string;
  device_id: string;
  tenant_id: string;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface DisplayPingsTable {
  id: ColumnType<string, string | undefined, never>;
  display_id: string;
  tenant_id: string;
  at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  kind: string;
  info: JSONColumnType<Record<string, unknown>, string, string>;
}

/** The devices context's tables: the slice of the database type that its queries read. */
export interface DevicesTables {
  kiosks: DevicesTable;
  displays: DevicesTable;
  device_credentials: DeviceCredentialsTable;
  device_sessions: DeviceSessionsTable;
  display_pings: DisplayPingsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends DevicesTables {}
}
