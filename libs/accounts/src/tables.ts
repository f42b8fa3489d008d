import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Read model: one row per business account (approval state and membership). */
export interface BusinessAccountsTable {
  tenant_id: string;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  owner_user_id: string;
  status: 'pending' | 'approved';
  registered_at: Timestamp;
  approved_at: Timestamp | null;
  trial_ends_at: Timestamp;
  trial_sms: number;
  package: string | null;
  plan: string | null;
  package_starts_at: Timestamp | null;
  package_ends_at: Timestamp | null;
  sms_consumed: Defaulted<number>;
  /** Set by BusinessAccountDeleted: nothing of the business opens from then on (docs/accounts.md). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Read model: one row per login that is not removed. */
export interface UsersTable {
  id: string;
  tenant_id: string;
  email: string;
  email_lower: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: string | null;
  role: string;
  position: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Operational tables: secrets and short-lived state, never in the event log. */
export interface CredentialsTable {
  user_id: string;
  tenant_id: string;
  password_hash: string;
  updated_at: Timestamp;
}
export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  tenant_id: string;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}
export interface PasswordResetsTable {
  user_id: string;
  tenant_id: string;
  code_hash: string;
  attempts: Defaulted<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
}
export interface CaptchasTable {
  key: string;
  text_hash: string;
  expires_at: Timestamp;
}
export interface LoginThrottleTable {
  key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp | null;
  /** Per-account rows: the owner was told of an attack, and is not told again, until then. */
  notice_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Read model: one row per business once it has changed a setting (no row: the defaults). */
export interface BusinessAccountSettingsTable {
  tenant_id: string;
  contact_email: string | null;
  notice_language: string;
  updated_at: Timestamp;
}

/** The accounts context's tables: the slice of the database type that its queries read. */
export interface AccountsTables {
  business_accounts: BusinessAccountsTable;
  users: UsersTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  captchas: CaptchasTable;
  login_throttle: LoginThrottleTable;
  business_account_settings: BusinessAccountSettingsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends AccountsTables {}
}
