import type { ColumnType, JSONColumnType } from 'kysely';
import type { NotificationSettings, SmsSettings } from '@tabour/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The outbox and the SMS ledger in one (migrations/20261126080000_notifications.ts). */
export interface NotificationMessagesTable {
  id: string;
  tenant_id: string;
  dedupe_key: string;
  message_type: string;
  channel: 'sms' | 'email' | 'push';
  recipient: string;
  customer_id: string | null;
  ticket_id: string | null;
  booking_id: string | null;
  language: string;
  subject: string | null;
  body: string;
  encoding: string | null;
  segments: number | null;
  cost: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  status: Defaulted<string>;
  skip_reason: string | null;
  attempts: Defaulted<number>;
  next_attempt_at: Defaulted<Date>;
  claimed_at: MaybeTimestamp;
  claimed_until: MaybeTimestamp;
  provider: string | null;
  provider_id: string | null;
  error: string | null;
  fallback_of: string | null;
  created_at: Defaulted<Date>;
  sent_at: MaybeTimestamp;
  updated_at: Defaulted<Date>;
}

export interface NotificationSettingsTable {
  tenant_id: string;
  settings: JSONColumnType<NotificationSettings, string, string>;
  sms: JSONColumnType<SmsSettings, string, string>;
  updated_at: Timestamp;
}

export interface MessageTemplatesTable {
  tenant_id: string;
  message_type: string;
  language: string;
  channel: string;
  subject: string | null;
  body: string;
  updated_at: Timestamp;
}

export interface SmsOptOutsTable {
  tenant_id: string;
  phone: string;
  opted_out_at: Timestamp;
}

export interface SmsAllowancesTable {
  tenant_id: string;
  allowance: number;
  consumed: Defaulted<number>;
  /** The window `consumed` counts in (migrations/20261127090000_sms_allowance_window.ts); null: the trial's or FREE's single one. */
  window_starts_at: MaybeTimestamp;
  updated_at: Defaulted<Date>;
}

export interface BookingRemindersTable {
  tenant_id: string;
  booking_id: string;
  message_type: string;
  starts_at: Timestamp;
  due_at: Timestamp;
  status: Defaulted<string>;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: string;
  tenant_id: string;
  ticket_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string | null;
  created_at: Defaulted<Date>;
}

export interface ProviderEventsTable {
  provider: string;
  event_id: string;
  received_at: Defaulted<Date>;
}

export interface InstallationSecretsTable {
  name: string;
  value: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Defaulted<Date>;
}

export interface StaffNotificationsTable {
  id: string;
  tenant_id: string;
  kind: string;
  dedupe_key: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Defaulted<Date>;
  read_at: MaybeTimestamp;
}

/** The notifications context's tables: the slice of the database type that its queries read. */
export interface NotificationsTables {
  notification_messages: NotificationMessagesTable;
  notification_settings: NotificationSettingsTable;
  message_templates: MessageTemplatesTable;
  sms_opt_outs: SmsOptOutsTable;
  sms_allowances: SmsAllowancesTable;
  booking_reminders: BookingRemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  provider_events: ProviderEventsTable;
  installation_secrets: InstallationSecretsTable;
  staff_notifications: StaffNotificationsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends NotificationsTables {}
}
