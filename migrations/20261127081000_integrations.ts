import { Kysely, sql } from 'kysely';

/*
 * Integrators (docs/integrations.md).
 *
 * - api_keys: the business's keys, projected from their streams (apikey-<id>): name, scopes,
 *   revocation. last_used_at is written by the key check itself, at most once a minute per key,
 *   and is no event: a fact per request would swamp the log.
 * - api_key_hashes: the SHA-256 of each key's token, never in an event (the log outlives a
 *   revocation). The token carries 256 random bits, so a fast hash is enough: nothing can be
 *   guessed from it, and a slow password hash would only cost every request its time.
 * - es_events_tenant_feed: one business's log in the order readers follow it
 *   ((transaction_id, position), docs/eventstore.md), with the event type in the leaves so a
 *   filtered page is read from the index alone before its rows are fetched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id            uuid PRIMARY KEY,
      tenant_id     uuid NOT NULL,
      name          text NOT NULL,
      scopes        text[] NOT NULL,
      prefix        text NOT NULL,
      created_by    text,
      created_at    timestamptz NOT NULL,
      revoked_at    timestamptz,
      last_used_at  timestamptz
    );
    CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at);

    CREATE TABLE api_key_hashes (
      key_id      uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      token_hash  text NOT NULL UNIQUE
    );

    CREATE INDEX es_events_tenant_feed ON es_events (tenant_id, transaction_id, position) INCLUDE (event_type);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS es_events_tenant_feed;
    DROP TABLE IF EXISTS api_key_hashes;
    DROP TABLE IF EXISTS api_keys;
  `.execute(db);
}
