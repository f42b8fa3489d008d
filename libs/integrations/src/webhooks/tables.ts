import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The business's webhooks, projected from their streams (migrations/20261127081500_webhooks.ts). */
export interface WebhooksTable {
  id: string;
  tenant_id: string;
  url: string;
  event_types: string[];
  enabled: boolean;
  description: string | null;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The signing secret, and the one it replaced while that is still honoured. */
export interface WebhookSecretsTable {
  webhook_id: string;
  tenant_id: string;
  secret: string;
  previous_secret: string | null;
  previous_until: MaybeTimestamp;
  updated_at: Timestamp;
}

export interface WebhookHealthTable {
  webhook_id: string;
  tenant_id: string;
  failing_since: MaybeTimestamp;
  last_success_at: MaybeTimestamp;
  last_failure_at: MaybeTimestamp;
}

export type DeliveryStatus = 'queued' | 'sending' | 'delivered' | 'cancelled';
export type DeliveryCause = 'event' | 'redeliver' | 'replay';

/** The outbox and the delivery log in one. */
export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<number>;
  tenant_id: string;
  webhook_id: string;
  dedupe_key: string;
  event_id: string;
  position: number;
  event_type: string;
  record_key: string;
  body: string;
  cause: DeliveryCause;
  status: Defaulted<DeliveryStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: Defaulted<Date>;
  claimed_until: MaybeTimestamp;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: Defaulted<Date>;
  attempted_at: MaybeTimestamp;
  delivered_at: MaybeTimestamp;
}

/** The webhooks' tables: the slice of the database type that its queries read. */
export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_health: WebhookHealthTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends WebhookTables {}
}
