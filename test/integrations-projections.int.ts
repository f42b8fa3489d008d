import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AsyncProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { apiKeysProjection, feedProjectionOf, webhooksProjection, type ApiKeyEvent, type WebhookEvent } from '@tabour/integrations';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
const B = randomUUID();
const OTHER = randomUUID();
// A business deleting its account, whose committed key hash the deletion must drop.
const DELETED = randomUUID();
const HASHED_KEY = randomUUID();
beforeAll(async () => {
  t = await createTestDatabase(2);
  await t.db.insertInto('api_key_hashes').values({ key_id: HASHED_KEY, tenant_id: DELETED, token_hash: 'hash-of-a-live-token' }).execute();
});
afterAll(() => t.drop());

// The spec records its first event at 09:00:00 and each next one a second later.
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, second));

describe('the API keys projection', () => {
  const K = randomUUID();
  const spec = projectionSpecification(apiKeysProjection, () => t.db, {
    tenantId: B,
    streamOf: (e) => ('key_id' in e.data ? `apikey-${e.data.key_id}` : `business-${B}`),
  });
  const created = (key_id: string, business_id = B, name = 'ERP sync'): ApiKeyEvent => ({
    type: 'ApiKeyCreated',
    data: { key_id, business_id, name, scopes: ['feed:read', 'webhooks'], prefix: 'tbr_ab12', created_by: 'Leila Ben Ali' },
  });
  const keys = (db: Transaction<Database>) =>
    db
      .selectFrom('api_keys')
      .select(['id', 'tenant_id', 'name', 'scopes', 'prefix', 'created_by', 'created_at', 'revoked_at', 'last_used_at'])
      .where('tenant_id', 'in', [B, OTHER, DELETED])
      .orderBy('created_at')
      .execute();

  it('lists a key as created, never used and not revoked', () =>
    spec
      .given()
      .when([created(K)])
      .then(keys, [
        {
          id: K,
          tenant_id: B,
          name: 'ERP sync',
          scopes: ['feed:read', 'webhooks'],
          prefix: 'tbr_ab12',
          created_by: 'Leila Ben Ali',
          created_at: at(0),
          revoked_at: null,
          last_used_at: null,
        },
      ]));

  it('stamps the revocation, and keeps the first creation when it is recorded again', () =>
    spec
      .given([created(K)])
      .when([created(K, B, 'Replayed'), { type: 'ApiKeyRevoked', data: { key_id: K, business_id: B } }])
      .then((db) => keys(db).then((rows) => rows.map((r) => [r.name, r.created_at, r.revoked_at])), [['ERP sync', at(0), at(2)]]));

  it("leaves a key alone when another business's revocation names its id", () =>
    spec
      .given([created(K)])
      .when([{ type: 'ApiKeyRevoked', data: { key_id: K, business_id: OTHER } }])
      .then((db) => keys(db).then((rows) => rows.map((r) => r.revoked_at)), [null]));

  it("revokes a deleted account's live keys and drops their hashes, the already revoked keeping their time", () => {
    const [K1, K2, K3] = [randomUUID(), randomUUID(), randomUUID()];
    return spec
      .given([created(K1, DELETED), created(K2, DELETED), { type: 'ApiKeyRevoked', data: { key_id: K2, business_id: DELETED } }, created(K3)])
      .when([{ type: 'BusinessAccountDeleted', data: { business_id: DELETED } }])
      .then(
        async (db) => ({
          keys: (await keys(db)).map((r) => [r.id, r.revoked_at]),
          hashes: await db.selectFrom('api_key_hashes').select('key_id').where('tenant_id', '=', DELETED).execute(),
        }),
        {
          keys: [
            [K1, at(4)],
            [K2, at(2)],
            [K3, null],
          ],
          hashes: [],
        },
      );
  });
});

describe('the webhook settings projection', () => {
  const W = randomUUID();
  const ids = { webhook_id: W, business_id: B };
  const spec = projectionSpecification(webhooksProjection, () => t.db, { tenantId: B, streamOf: () => `webhook-${W}` });
  const created: WebhookEvent = {
    type: 'WebhookCreated',
    data: { ...ids, settings: { url: 'https://erp.example.test/hooks', event_types: ['ticket.called'], enabled: true, description: 'ERP' } },
  };
  const webhooks = (db: Transaction<Database>) =>
    db
      .selectFrom('webhooks')
      .select(['id', 'tenant_id', 'url', 'event_types', 'enabled', 'description', 'disabled_reason', 'created_at', 'updated_at'])
      .where('tenant_id', '=', B)
      .execute();
  const row = {
    id: W,
    tenant_id: B,
    url: 'https://erp.example.test/hooks',
    event_types: ['ticket.called'],
    enabled: true,
    description: 'ERP',
    disabled_reason: null,
    created_at: at(0),
    updated_at: at(0),
  };

  it('keeps a webhook as created', () => spec.given().when([created]).then(webhooks, [row]));

  it('stops a failing webhook with its reason, and clears the reason when its business turns it on again', async () => {
    const disabled: WebhookEvent = { type: 'WebhookDisabled', data: { ...ids, reason: 'failing', failing_since: '2026-01-04T09:00:00.000Z' } };
    await spec
      .given([created])
      .when([disabled])
      .then(webhooks, [{ ...row, enabled: false, disabled_reason: 'failing', updated_at: at(1) }]);
    await spec
      .given([created, disabled])
      .when([{ type: 'WebhookUpdated', data: { ...ids, changes: { enabled: true, event_types: ['*'] } } }])
      .then(webhooks, [{ ...row, event_types: ['*'], updated_at: at(2) }]);
  });

  it('only stamps the row when the secret is rotated, and forgets a deleted webhook', async () => {
    await spec
      .given([created])
      .when([{ type: 'WebhookSecretRotated', data: ids }])
      .then(webhooks, [{ ...row, updated_at: at(1) }]);
    await spec
      .given([created])
      .when([{ type: 'WebhookDeleted', data: ids }])
      .then(webhooks, []);
  });

  it("leaves the webhook alone when another business's events name its id", () =>
    spec
      .given([created])
      .when([
        { type: 'WebhookUpdated', data: { webhook_id: W, business_id: OTHER, changes: { url: 'https://attacker.example.test' } } },
        { type: 'WebhookDeleted', data: { webhook_id: W, business_id: OTHER } },
      ])
      .then(webhooks, [row]));
});

describe('the integrations feed projection', () => {
  const Q = randomUUID();
  const C = randomUUID();
  // The log hands the feed each event with its transaction's id; here all of them share one.
  const TX = '4242';
  const feed = feedProjectionOf(2);
  const fromTheLog: AsyncProjection<{ type: string; data: unknown }, Database> = {
    ...feed,
    apply: (db, events) =>
      feed.apply(
        db,
        events.map((e) => ({ ...e, transactionId: TX })),
      ),
  };
  const spec = projectionSpecification(fromTheLog, () => t.db, {
    tenantId: B,
    streamOf: (e) => (e.type.startsWith('Customer') ? `customer-${C}` : `queue-${Q}`),
  });
  const queueCreated = {
    type: 'QueueCreated',
    data: { queue_id: Q, business_id: B, settings: { name: 'Accueil', ticket_prefix: 'A', service_ids: [], department_ids: [], member_ids: [] } },
  };
  const paused = { type: 'QueuePaused', data: { queue_id: Q, business_id: B } };
  // The driver reads the bigint positions back as numbers.
  const rows = (db: Transaction<Database>) =>
    db
      .selectFrom('integration_feed')
      .select(['tenant_id', 'transaction_id', 'position', 'idx', 'type', 'record_type', 'record_id', 'json'])
      .where('tenant_id', '=', B)
      .orderBy('position')
      .execute()
      .then((all) => all.map(({ json, position, ...r }) => ({ ...r, position: Number(position), event: JSON.parse(json) as Record<string, unknown> })));

  it('renders each public event once, in its envelope, and nothing for a change an integrator does not see', () =>
    spec
      .given([queueCreated])
      .when([{ type: 'QueueUpdated', data: { queue_id: Q, business_id: B, changes: { numbering: 'daily' } } }, paused])
      .then(rows, [
        {
          tenant_id: B,
          transaction_id: TX,
          position: 1,
          idx: 0,
          type: 'queue.created',
          record_type: 'queue',
          record_id: Q,
          event: expect.objectContaining({
            type: 'queue.created',
            position: 1,
            occurred_at: at(0).toISOString(),
            business_id: B,
            record: { type: 'queue', id: Q },
            data: { queue_id: Q, name: 'Accueil', ticket_prefix: 'A', service_ids: [], department_ids: [], member_ids: [] },
          }),
        },
        {
          tenant_id: B,
          transaction_id: TX,
          position: 3,
          idx: 0,
          type: 'queue.paused',
          record_type: 'queue',
          record_id: Q,
          event: expect.objectContaining({ type: 'queue.paused', position: 3, occurred_at: at(2).toISOString(), data: { queue_id: Q } }),
        },
      ]));

  it("leaves a customer's personal fields out of the rendered event", () =>
    spec
      .given()
      .when([
        {
          type: 'CustomerRegistered',
          data: {
            customer_id: C,
            business_id: B,
            via: 'kiosk',
            category: 'VIP',
            preferred_language: 'fr',
            personal: { first_name: 'Sami', last_name: 'Gharbi', phone: '+21620123456', email: 'sami@example.test' },
          },
        },
      ])
      .then((db) => rows(db).then((all) => all.map((r) => r.event.data)), [{ customer_id: C, via: 'kiosk', category: 'VIP', preferred_language: 'fr' }]));

  it('folds every two events into a chunk under its last key, the rest waiting in the head', () =>
    spec
      .given([queueCreated, paused])
      .when([{ type: 'QueueResumed', data: { queue_id: Q, business_id: B } }])
      .then(
        async (db) => ({
          chunks: (
            await db
              .selectFrom('integration_feed_chunks')
              .select(['last_tx', 'last_position', 'last_idx', 'events', 'body'])
              .where('tenant_id', '=', B)
              .execute()
          ).map(({ body, last_position, ...c }) => ({
            ...c,
            last_position: Number(last_position),
            lines: body.split('\n').map((line) => line.split('\t').slice(0, 2)),
          })),
          heads: (
            await db.selectFrom('integration_feed_heads').select(['pending', 'last_tx', 'last_position', 'last_idx']).where('tenant_id', '=', B).execute()
          ).map((h) => ({ ...h, last_position: Number(h.last_position) })),
        }),
        {
          chunks: [
            {
              last_tx: TX,
              last_position: 2,
              last_idx: 0,
              events: 2,
              lines: [
                [`${TX}_1_0`, 'queue.created'],
                [`${TX}_2_0`, 'queue.paused'],
              ],
            },
          ],
          heads: [{ pending: 1, last_tx: TX, last_position: 2, last_idx: 0 }],
        },
      ));
});
