import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { publicEventSchema, type FeedPage, type PublicEvent } from '@tabour/contracts';
import { PgEventStore, rebuildProjection } from '@tabour/eventstore';
import { feedProjection, toPublicEvents } from '@tabour/integrations';
import { createDb, type Db } from '@tabour/platform';
import { DB } from '../apps/api/src/common/tokens';
import { ProjectionRegistry } from '../apps/api/src/eventing';
import { ApiKeyAuth } from '../apps/api/src/integrations/api-key.guard';
import { hashToken } from '../apps/api/src/integrations/keys.service';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { until } from './support/until';
import { caughtUp } from './eventstore-support';
import { STRONG_PASSWORD } from './support/fixtures';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('integrations: API keys and the public feed', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let feedKey: string;
  let piiKey: string;

  const createKey = async (by: Staff, name: string, scopes: string[]) => {
    const res = await t.http().put('/business/integrations/keys/create').set(by.h).send({ name, scopes });
    expect(res.status).toBe(201);
    return res.body as { id: string; token: string; prefix: string };
  };

  /** The whole feed from `after` on, page by page, as an integrator reads it. */
  const readAll = async (token: string, query: Record<string, string> = {}, after = '0'): Promise<{ events: PublicEvent[]; cursor: string }> => {
    const events: PublicEvent[] = [];
    let cursor = after;
    for (let pages = 0; pages < 10_000; pages++) {
      const res = await t
        .http()
        .get('/business/integrations/feed')
        .query({ ...query, after: cursor })
        .set(bearer(token));
      expect(res.status).toBe(200);
      const page = res.body as FeedPage;
      events.push(...page.data);
      cursor = page.next_cursor;
      if (!page.has_more) return { events, cursor };
    }
    throw new Error('the feed never ended');
  };

  /**
   * Until every event the business committed is below the horizon the feed reads up to, and the
   * feed's projection has rendered it: a long transaction anywhere on the server (another
   * database's bulk load) holds the feed back, for a while, never for good (docs/eventstore.md).
   */
  const settled = async (tenantId = owner.businessId) => {
    await until(
      async () => {
        const r = await sql<{ visible: boolean }>`
        SELECT COALESCE(max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()), true) AS visible FROM es_events WHERE tenant_id = ${tenantId}::uuid`.execute(
          t.app.get<Db>(DB),
        );
        return r.rows[0].visible;
      },
      'the business’s events below the horizon',
      60_000,
    );
    await until(() => caughtUp(t.app.get<Db>(DB), feedProjection.name), 'the feed’s projection', 60_000);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Feed Clinic');
    other = await newBusiness(t, 'Other Clinic');
    feedKey = (await createKey(owner, 'Dashboard', ['feed:read'])).token;
    piiKey = (await createKey(owner, 'CRM', ['feed:read', 'pii:read'])).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a key once, keeps only its hash, and lists it for the administrator only', async () => {
    const created = await createKey(owner, 'Once', ['feed:read']);
    expect(created.token).toMatch(/^tbr_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const list = await t.http().get('/business/integrations/keys').set(owner.h);
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { name: string }) => k.name)).toEqual(expect.arrayContaining(['Once', 'CRM', 'Dashboard']));
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    const hashes = await sql<{ token_hash: string }>`SELECT token_hash FROM api_key_hashes WHERE key_id = ${created.id}`.execute(t.app.get<Db>(DB));
    expect(hashes.rows).toEqual([{ token_hash: hashToken(created.token) }]);
    const log = await sql<{ n: string }>`SELECT count(*) AS n FROM es_events WHERE data::text LIKE ${`%${created.token.slice(4)}%`}`.execute(t.app.get<Db>(DB));
    expect(Number(log.rows[0].n)).toBe(0);
    // Another business sees none of them, and cannot revoke them.
    const theirs = await t.http().get('/business/integrations/keys').set(other.h);
    expect(theirs.body.data).toEqual([]);
    expect((await t.http().post(`/business/integrations/keys/${created.id}/revoke`).set(other.h)).status).toBe(404);
  });

  it('refuses bad keys and bad scopes with clear codes', async () => {
    expect(
      (
        await t
          .http()
          .put('/business/integrations/keys/create')
          .set(owner.h)
          .send({ name: 'X', scopes: ['feed:write'] })
      ).body,
    ).toMatchObject({
      code: 'invalid',
      errors: { scopes: expect.any(Array) },
    });
    expect((await t.http().get('/business/integrations/feed')).status).toBe(401);
    // A staff session is not an API key.
    expect((await t.http().get('/business/integrations/feed').set(owner.h)).status).toBe(401);
    expect((await t.http().get('/business/integrations/feed').set(bearer('tbr_nope'))).status).toBe(401);
    const hooksOnly = await createKey(owner, 'Hooks', ['webhooks']);
    const refused = await t.http().get('/business/integrations/feed').set(bearer(hooksOnly.token));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const bad = await t
      .http()
      .get('/business/integrations/feed')
      .query({ after: 'x', limit: '0', types: 'ticket.nope', record: 'nope', wait: '99' })
      .set(bearer(feedKey));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['after', 'limit', 'record', 'types', 'wait']);
  });

  it('revokes a key at once, and records when a key was last used', async () => {
    const key = await createKey(owner, 'Short-lived', ['feed:read']);
    expect((await t.http().get('/business/integrations/feed').set(bearer(key.token))).status).toBe(200);
    const used = await t.http().get(`/business/integrations/keys/${key.id}`).set(owner.h);
    expect(used.body.last_used_at).toEqual(expect.any(String));
    const revoked = await t.http().post(`/business/integrations/keys/${key.id}/revoke`).set(owner.h);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    expect((await t.http().get('/business/integrations/feed').set(bearer(key.token))).status).toBe(401);
  });

  it('ends every key of a business that deletes its account', async () => {
    const leaving = await newBusiness(t, 'Leaving Clinic');
    const key = await createKey(leaving, 'Theirs', ['feed:read']);
    expect((await t.http().get('/business/integrations/feed').set(bearer(key.token))).status).toBe(200);
    const deleted = await t.http().delete('/business/delete').set(leaving.h).send({ password: STRONG_PASSWORD, confirmation: 'Leaving Clinic' });
    expect(deleted.status).toBe(200);
    expect((await t.http().get('/business/integrations/feed').set(bearer(key.token))).status).toBe(401);
    const hashes = await sql<{ n: string }>`SELECT count(*) AS n FROM api_key_hashes WHERE tenant_id = ${leaving.businessId}::uuid`.execute(t.app.get<Db>(DB));
    expect(Number(hashes.rows[0].n)).toBe(0);
  });

  it('answers 429 with Retry-After past a key’s rate limit, per key', async () => {
    const limited = await createKey(owner, 'Busy', ['feed:read']);
    const auth = t.app.get(ApiKeyAuth);
    const before = auth.policy;
    auth.policy = { limit: 3, windowSeconds: 60 };
    try {
      for (let i = 0; i < 3; i++) expect((await t.http().get('/business/integrations/feed').set(bearer(limited.token))).status).toBe(200);
      const res = await t.http().get('/business/integrations/feed').set(bearer(limited.token));
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('too_many_requests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another key of the same business has its own count.
      expect((await t.http().get('/business/integrations/feed').set(bearer(feedKey))).status).toBe(200);
    } finally {
      auth.policy = before;
    }
  });

  it('serves a scripted day as public events that validate, personal data with pii:read only, never another business’s', async () => {
    const q = await newQueue(t, owner, { name: 'Front' }, ['Desk 1']);
    await openCounter(t, owner, q.id, q.counters[0].id);
    const marker = 'zq9feedmarker';
    const ticket = await pushTicket(t, owner, q.id, { customer_name: `Walk ${marker}` });
    expect((await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id })).status).toBe(200);
    expect((await t.http().post(`/business/queue/${q.id}/end/${ticket.id}`).set(owner.h)).status).toBe(200);
    const customer = await t
      .http()
      .put('/business/customer/create')
      .set(owner.h)
      .send({ first_name: `First${marker}`, email: `${marker}@example.test` });
    expect(customer.status).toBe(201);
    expect((await t.http().post(`/business/queue/${q.id}/pause`).set(owner.h)).status).toBeLessThan(300);
    // The other business is busy too.
    const theirs = await newQueue(t, other, { name: 'Theirs' });
    await pushTicket(t, other, theirs.id, { customer_name: 'Someone else' });

    await settled();
    const plain = await readAll(feedKey);
    const personal = await readAll(piiKey);
    for (const e of [...plain.events, ...personal.events]) {
      const parsed = publicEventSchema(e.type, e.version).safeParse(e);
      if (!parsed.success) throw new Error(`${e.type}: ${parsed.error.message}`);
      expect(e.business_id).toBe(owner.businessId);
    }
    expect(plain.events.map((e) => e.id)).toEqual(personal.events.map((e) => e.id));
    const types = plain.events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['queue.created', 'counter.opened', 'ticket.created', 'ticket.called', 'ticket.served', 'customer.created']));
    expect(JSON.stringify(plain.events)).not.toContain(marker);
    expect(JSON.stringify(plain.events)).not.toContain('Someone else');
    expect(JSON.stringify(personal.events)).toContain(`Walk ${marker}`);
    expect(JSON.stringify(personal.events)).toContain(`First${marker}`);
    expect(JSON.stringify(personal.events)).not.toContain('Someone else');

    // One record, one type.
    const one = await readAll(feedKey, { record: `ticket:${ticket.id}` });
    expect(one.events.map((e) => e.type)).toEqual(['ticket.created', 'ticket.called', 'ticket.served']);
    const called = await readAll(feedKey, { types: 'ticket.called' });
    expect(called.events.every((e) => e.type === 'ticket.called')).toBe(true);
    expect(called.events.length).toBeGreaterThan(0);

    // Once erased, a customer's personal data never comes out again, whatever the scope.
    expect((await t.http().post(`/business/customer/${customer.body.id}/erase`).set(owner.h)).status).toBe(200);
    await settled();
    const after = await readAll(piiKey);
    expect(JSON.stringify(after.events)).not.toContain(`First${marker}`);
    expect(after.events.map((e) => e.type)).toContain('customer.erased');
  });

  it('serves bookings, feedback and devices as public events that validate, text and phone with pii:read only', async () => {
    const { owner: clinic, departmentId } = await bookableBusiness(t, 'Booking Clinic');
    const key = await createKey(clinic, 'Agenda', ['feed:read', 'pii:read']);
    const plainKey = await createKey(clinic, 'Board', ['feed:read']);
    const marker = 'zq9bookmarker';
    const booking = await expectOk(
      await t
        .http()
        .put('/business/booking/create')
        .set(clinic.h)
        .send({ department_id: departmentId, starts_at: at(dayAhead(2), '10:00'), remarks: `Remark ${marker}`, phone_number: '+33612345678' }),
      201,
    );
    await expectOk(await t.http().post(`/business/booking/${booking.id}/cancel`).set(clinic.h).send({ reason: 'ill' }), 200);
    const q = await newQueue(t, clinic, { name: 'Desk' }, ['Desk 1']);
    await openCounter(t, clinic, q.id, q.counters[0].id);
    const ticket = await pushTicket(t, clinic, q.id, {});
    await expectOk(await t.http().post(`/business/queue/${q.id}/call`).set(clinic.h).send({ counter_id: q.counters[0].id }), 200);
    await expectOk(await t.http().post(`/business/queue/${q.id}/end/${ticket.id}`).set(clinic.h), 200);
    await expectOk(
      await t
        .http()
        .put(`/user/queue/uid/${ticket.uid}/feedback`)
        .send({ stars: 5, text: `Kind ${marker}` }),
      200,
    );
    await expectOk(
      await t
        .http()
        .post('/business/display/create')
        .set(clinic.h)
        .send({ name: 'Hall screen', queue_ids: [q.id] }),
      201,
    );

    await settled(clinic.businessId);
    const personal = await readAll(key.token);
    const plain = await readAll(plainKey.token);
    for (const e of [...personal.events, ...plain.events]) {
      const parsed = publicEventSchema(e.type, e.version).safeParse(e);
      if (!parsed.success) throw new Error(`${e.type}: ${parsed.error.message}`);
      expect(e.business_id).toBe(clinic.businessId);
    }
    expect(personal.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['booking.created', 'booking.cancelled', 'ticket.served', 'feedback.received', 'device.status']),
    );
    expect(JSON.stringify(personal.events)).toContain(`Remark ${marker}`);
    expect(JSON.stringify(personal.events)).toContain(`Kind ${marker}`);
    expect(JSON.stringify(personal.events)).toContain('+33612345678');
    expect(JSON.stringify(plain.events)).not.toContain(marker);
    expect(JSON.stringify(plain.events)).not.toContain('+33612345678');
    expect(plain.events.find((e) => e.type === 'feedback.received')?.data).toMatchObject({ stars: 5 });
  });

  it('pages through small pages without losing or repeating an event', async () => {
    await settled();
    const all = await readAll(feedKey);
    const paged = await readAll(feedKey, { limit: '1' });
    expect(paged.events.map((e) => e.id)).toEqual(all.events.map((e) => e.id));
    expect(paged.cursor).toBe(all.cursor);
    // The older events come from chunks of five (FEED_CHUNK_EVENTS in the tests), the newest from
    // the rows: a page of any size from any event's cursor is the same slice of the history as
    // the store's own read (a key with pii:read) gives.
    const db = t.app.get<Db>(DB);
    const chunked = await sql<{ n: number; events: number[] }>`
      SELECT sum(events)::int AS n, array_agg(DISTINCT events) AS events FROM integration_feed_chunks WHERE tenant_id = ${owner.businessId}::uuid`.execute(db);
    expect(chunked.rows[0].events).toEqual([5]);
    expect(chunked.rows[0].n).toBe(Math.floor(all.events.length / 5) * 5);
    const ids = all.events.map((e) => e.id);
    for (let i = 0; i < all.events.length; i += 3)
      for (const limit of [1, 4, 6, 11]) {
        const res = await t.http().get('/business/integrations/feed').query({ after: all.events[i].cursor, limit }).set(bearer(feedKey));
        expect(res.status).toBe(200);
        expect(res.body.data.map((e: PublicEvent) => e.id)).toEqual(ids.slice(i + 1, i + 1 + limit));
        expect(res.body.has_more).toBe(i + 1 + limit < ids.length);
      }
  });

  it('rebuilt from position 0, the feed’s projection holds the same rows as the live run', async () => {
    await settled();
    const db = t.app.get<Db>(DB);
    const snapshot = async () => ({
      rows: (await sql`SELECT * FROM integration_feed ORDER BY tenant_id, transaction_id, position, idx`.execute(db)).rows.map((r) => JSON.stringify(r)),
      chunks: (await sql`SELECT * FROM integration_feed_chunks ORDER BY tenant_id, last_tx, last_position, last_idx`.execute(db)).rows.map((r) =>
        JSON.stringify(r),
      ),
      heads: (await sql`SELECT * FROM integration_feed_heads ORDER BY tenant_id`.execute(db)).rows.map((r) => JSON.stringify(r)),
    });
    const live = await snapshot();
    expect(live.rows.length).toBeGreaterThan(10);
    expect(live.chunks.length).toBeGreaterThanOrEqual(2);
    await sql`DELETE FROM integration_feed WHERE idx = 0 AND position % 2 = 0`.execute(db);
    await sql`DELETE FROM integration_feed_chunks WHERE last_position % 2 = 0`.execute(db);
    // The rebuild reads in batches of 7, none of them the size of a chunk or of the live run's batches.
    const result = await rebuildProjection(db, t.app.get(ProjectionRegistry).find(feedProjection.name)!, 7);
    expect(result.events).toBeGreaterThan(10);
    expect(await snapshot()).toEqual(live);
  });

  it('reads on from a cursor naming any index of an event, and from one past the history, without an error', async () => {
    await settled();
    const { events } = await readAll(feedKey);
    const [tx, position] = events[events.length - 1].cursor.split('_');
    for (const after of [`${tx}_${position}_999999`, `${tx}_${position}_0`, '18446744073709551615_9007199254740991']) {
      const res = await t.http().get('/business/integrations/feed').query({ after }).set(bearer(feedKey));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ has_more: false });
    }
    const tail = await t
      .http()
      .get('/business/integrations/feed')
      .query({ after: `${tx}_${position}_0` })
      .set(bearer(piiKey));
    const plainTail = await t
      .http()
      .get('/business/integrations/feed')
      .query({ after: `${tx}_${position}_0` })
      .set(bearer(feedKey));
    expect(plainTail.body.data.map((e: PublicEvent) => e.id)).toEqual(tail.body.data.map((e: PublicEvent) => e.id));
  });

  it('serves an event of several kilobytes of JSON in its place', async () => {
    const store = new PgEventStore(t.app.get<Db>(DB));
    const queueId = randomUUID();
    const name = `Long ${'ق'.repeat(1500)}`;
    await store.append(`queue-${queueId}`, [{ type: 'QueueCreated', data: { queue_id: queueId, business_id: owner.businessId, settings: { name } } }], {
      tenantId: owner.businessId,
      actor: { type: 'system' },
    });
    await newQueue(t, owner, { name: 'After the long one' });
    await settled();
    const stored = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM integration_feed WHERE json LIKE ${`%${queueId}%`} AND octet_length(json) > 2500`.execute(t.app.get<Db>(DB));
    expect(stored.rows[0].n).toBe(1);
    const plain = (await readAll(feedKey)).events;
    const personal = (await readAll(piiKey)).events;
    expect(plain.map((e) => e.id)).toEqual(personal.map((e) => e.id));
    const i = plain.findIndex((e) => e.record.id === queueId);
    expect(plain[i]).toMatchObject({ type: 'queue.created', data: { name } });
    expect(plain[i + 1]).toMatchObject({ type: 'queue.created', data: { name: 'After the long one' } });
  });

  it('answers a long poll as soon as an event commits', async () => {
    const q = await newQueue(t, owner, { name: 'Later' });
    await settled();
    const head = (await readAll(feedKey)).cursor;
    // Nothing comes: it holds for the time asked, then answers an empty page.
    const idleFrom = Date.now();
    const idle = await t.http().get('/business/integrations/feed').query({ after: head, wait: '1' }).set(bearer(feedKey));
    expect(idle.body.data).toEqual([]);
    expect(Date.now() - idleFrom).toBeGreaterThanOrEqual(900);
    const started = Date.now();
    const waiting = t.http().get('/business/integrations/feed').query({ after: head, wait: '30' }).set(bearer(feedKey));
    const pending = waiting.then((r) => r);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.http().post(`/business/queue/${q.id}/pause`).set(owner.h)).status).toBeLessThan(300);
    const committed = Date.now();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: PublicEvent) => e.type)).toEqual(['queue.paused']);
    // The commit woke it: it answered soon after the pause did (timed from the pause's answer, so
    // a slow machine's slow pause does not count), well before the 30 seconds asked for.
    expect(Date.now() - committed).toBeLessThan(5_000);
    expect(Date.now() - started).toBeLessThan(29_000);
  });

  it('streams server-sent events from a cursor, each with its cursor as id', async () => {
    const { cursor } = await readAll(feedKey);
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const received: string[] = [];
    const done = new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/business/integrations/feed/stream?after=${cursor}`, headers: bearer(feedKey) }, (res) => {
        expect(res.headers['content-type']).toMatch(/text\/event-stream/);
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const m = /id: (\S+)\nevent: queue\.created\ndata: (.*)\n\n/.exec(buffer);
          if (m) {
            received.push(m[1]);
            req.destroy();
            resolve(m[2]);
          }
        });
      });
      req.on('error', (err) => (received.length ? undefined : reject(err)));
    });
    await new Promise((r) => setTimeout(r, 200));
    await newQueue(t, owner, { name: 'Streamed' });
    const data = JSON.parse(await done) as PublicEvent;
    expect(data).toMatchObject({ type: 'queue.created', data: { name: 'Streamed' } });
    expect(received[0]).toBe(data.cursor);
  });

  it('reads from position 0 the business’s whole history in order with 32 writers and a late commit, nothing skipped or twice', async () => {
    const { db: writerDb } = createDb(t.database.url, 40);
    const store = new PgEventStore(writerDb);
    const businesses = [owner.businessId, other.businessId];
    await settled();
    const start = (await readAll(feedKey)).cursor;
    const seen: PublicEvent[] = [];
    let cursor = start;
    let writing = true;
    // The reader follows the feed while the writers write: where a late commit would be skipped.
    const reader = (async () => {
      while (writing) {
        const res = await t.http().get('/business/integrations/feed').query({ after: cursor, limit: '200' }).set(bearer(feedKey));
        expect(res.status).toBe(200);
        seen.push(...res.body.data);
        cursor = res.body.next_cursor;
      }
    })();
    const PER_WRITER = 40;
    const writers = Array.from({ length: 32 }, async (_, w) => {
      const tenant = businesses[w % 2];
      const queueId = randomUUID();
      for (let i = 0; i < PER_WRITER; i++)
        await store.append(`queue-${queueId}`, [{ type: 'QueueDelayed', data: { queue_id: queueId, business_id: tenant, delay_seconds: i } }], {
          tenantId: tenant,
          actor: { type: 'system' },
        });
    });
    // A transaction that takes its position early and commits after many later ones.
    const late = (async () => {
      const queueId = randomUUID();
      await writerDb.transaction().execute(async (trx) => {
        await sql`INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata)
          VALUES (${`queue-${queueId}`}, 0, 'queue', ${owner.businessId}::uuid, ${randomUUID()}::uuid, 'QueueDelayed',
            ${JSON.stringify({ queue_id: queueId, business_id: owner.businessId, delay_seconds: 999 })}::jsonb,
            ${JSON.stringify({ tenantId: owner.businessId, actor: { type: 'system' }, schemaVersion: 1 })}::jsonb)`.execute(trx);
        await new Promise((r) => setTimeout(r, 700));
      });
    })();
    await Promise.all([...writers, late]);
    writing = false;
    await reader;
    await settled();
    const rest = await readAll(feedKey, {}, cursor);
    seen.push(...rest.events);

    // The business's history as the store holds it, mapped the same way.
    const rows = await sql<{ tx: string; event_id: string; event_type: string; data: unknown; position: string; recorded_at: Date }>`
      SELECT transaction_id::text AS tx, event_id, event_type, data, position, recorded_at FROM es_events
      WHERE tenant_id = ${owner.businessId}::uuid ORDER BY transaction_id, position`.execute(writerDb);
    const history = rows.rows.flatMap((r) =>
      toPublicEvents(
        {
          eventId: r.event_id,
          type: r.event_type,
          data: r.data,
          position: Number(r.position),
          recordedAt: r.recorded_at,
          tenantId: owner.businessId,
          metadata: { tenantId: owner.businessId, actor: { type: 'system' }, schemaVersion: 1 },
        },
        { personal: false, transactionId: r.tx },
      ),
    );
    const all = [...(await readAll(feedKey)).events];
    expect(all.map((e) => e.id)).toEqual(history.map((e) => e.id));
    // What the reader saw while the writers ran is exactly the tail of that history.
    const tail = history.slice(history.length - seen.length);
    expect(seen.map((e) => e.id)).toEqual(tail.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen.filter((e) => e.type === 'queue.delayed')).toHaveLength(16 * PER_WRITER + 1);
    expect(seen.some((e) => (e.data as { delay_seconds?: number }).delay_seconds === 999)).toBe(true);
    await writerDb.destroy();
  }, 120_000);

  it('publishes every public event type in the OpenAPI document', async () => {
    const res = await t.http().get('/docs/api-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(['PublicEvent_ticket.called_v1', 'PublicEvent_customer.erased_v1']));
  });
});
