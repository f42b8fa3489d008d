import type { ColumnType } from 'kysely';

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
 * (migrations/20261128170000_integrations_feed.ts): its JSON in `json` (in the index's leaves)
 * or, past the size an index entry holds, in `json_long`. xid8 and bigint travel as text.
 */
export interface IntegrationFeedTable {
  tenant_id: string;
  transaction_id: string;
  position: string;
  idx: number;
  type: string;
  record_type: string;
  record_id: string;
  json: string | null;
  json_long: string | null;
}

declare module '@tabour/platform' {
  interface Database {
    api_keys: ApiKeysTable;
    api_key_hashes: ApiKeyHashesTable;
    integration_feed: IntegrationFeedTable;
  }
}
