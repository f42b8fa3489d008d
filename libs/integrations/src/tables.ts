import type { ColumnType } from 'kysely';
import type { WebhookTables } from './webhooks/tables';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An integrator's key as the settings screen lists it (migrations/20261127081000_integrations.ts). */
export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  name: string;
  scopes: string[];
  prefix: string;
  created_by: string | null;
  created_at: Timestamp;
  revoked_at: MaybeTimestamp;
  last_used_at: MaybeTimestamp;
}

/** SHA-256 of each key's token (base64url), never in an event. */
export interface ApiKeyHashesTable {
  key_id: string;
  tenant_id: string;
  token_hash: string;
}

/**
 * One public event as the feed serves it to a key without pii:read, ready to send
 * (migrations/20261128170000_integrations_feed.ts, 20261129090000_integration_feed_chunks.ts).
 * xid8 and bigint travel as text.
 */
export interface IntegrationFeedTable {
  tenant_id: string;
  transaction_id: string;
  position: string;
  idx: number;
  type: string;
  record_type: string;
  record_id: string;
  json: string;
}

/** A run of a business's rendered events, in order, under the key of its last one: one line each (`cursor\ttype\tjson`). */
export interface IntegrationFeedChunksTable {
  tenant_id: string;
  last_tx: string;
  last_position: string;
  last_idx: number;
  events: number;
  body: string;
}

/** Per business: the rows rendered since its last chunk, and that chunk's last key (null before the first). */
export interface IntegrationFeedHeadsTable {
  tenant_id: string;
  pending: number;
  last_tx: string | null;
  last_position: string | null;
  last_idx: number | null;
}

/** The API keys' and the feed's tables: the slice of the database type that its queries read. */
export interface IntegrationFeedTables {
  api_keys: ApiKeysTable;
  api_key_hashes: ApiKeyHashesTable;
  integration_feed: IntegrationFeedTable;
  integration_feed_chunks: IntegrationFeedChunksTable;
  integration_feed_heads: IntegrationFeedHeadsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends IntegrationFeedTables {}
}

/** Every table of the integrations context: what `Kysely<IntegrationsTables>` may read. */
export interface IntegrationsTables extends IntegrationFeedTables, WebhookTables {}
