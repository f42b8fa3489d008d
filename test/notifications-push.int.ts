import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, ECDH, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, globalAgent, Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { defaultTemplate, renderTemplate } from '@tabour/notifications';
import type { Language } from '@tabour/contracts';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

// http_ece (web-push's own RFC 8188 library) has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: Buffer }): Buffer };

interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on the loopback address. web-push speaks TLS only, so it is an https server
 * with a certificate made for this test and trusted by this process alone.
 */
async function startPushService() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  const pem = readFileSync(cert);
  const received: PushRequest[] = [];
  /** Paths the service answers 410 Gone: the browser dropped that subscription. */
  const gone = new Set<string>();
  const server: Server = createServer({ key: readFileSync(key), cert: pem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone.has(req.url ?? '') ? 410 : 201, { location: `/m/${received.length}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rmSync(dir, { recursive: true, force: true });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, pem, received, gone, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a browser keeps for one subscription: its P-256 pair and 16 random auth bytes (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** Checks the ES256 JWT of a VAPID header against the public key it names (RFC 8292). */
function checkVapid(authorization: string, publicKey: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [token, k] = [m[1], m[2]];
  expect(k).toBe(publicKey);
  const [head, claims, signature] = token.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  return {
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}

describe('push to the ticket page: subscribe, an encrypted "your turn", a dropped subscription', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let owner: Staff;
  let trusted: Agent['options']['ca'];

  const subscriptions = (ticketId: string) => t.database.db.selectFrom('push_subscriptions').selectAll().where('ticket_id', '=', ticketId).execute();
  const subscribe = (uid: string, body: unknown, address = '198.51.100.1') =>
    t
      .http()
      .post(`/user/queue/uid/${uid}/push`)
      .set('X-Forwarded-For', address)
      .send(body as object);

  beforeAll(async () => {
    service = await startPushService();
    // The API runs in this process and web-push sends through the default https agent.
    trusted = globalAgent.options.ca;
    globalAgent.options.ca = service.pem;
    t = await createTestApp({ NOTIFICATIONS_POLL_MS: '100', REMINDER_JOB: 'off' });
    owner = await newBusiness(t, 'Pushed Clinic');
  });
  afterAll(async () => {
    await t.close();
    await service.close();
    globalAgent.options.ca = trusted;
  });

  it('delivers the call to a subscribed page, signed with the installation key and readable only with the browser’s keys', async () => {
    const q = await newQueue(t, owner, { name: 'Accueil' }, ['Desk 4']);
    const ticket = await pushTicket(t, owner, q.id, {});
    const key = await t.http().get('/user/push/key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.public_key, 'base64url')).toHaveLength(65);
    // One key for the installation: asked again, the same.
    expect((await t.http().get('/user/push/key')).body.public_key).toBe(key.body.public_key);

    const browser = browserKeys();
    const endpoint = `${service.origin}/push/${randomBytes(8).toString('hex')}`;
    // The page is read in Arabic: its push comes in Arabic, whatever the owner's language.
    const res = await subscribe(ticket.uid, { endpoint, expirationTime: null, keys: browser.keys, language: 'ar' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ subscribed: true });
    const [row] = await subscriptions(ticket.id);
    expect(row).toMatchObject({ tenant_id: owner.businessId, endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth, language: 'ar' });

    await openCounter(t, owner, q.id, q.counters[0].id);
    const call = await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id });
    expect(call.status).toBe(200);
    // The ticket's own message may come first by push as well (when the reactor handles the
    // ticket after the page subscribed): the call's is the one looked at.
    const open = (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8')) as {
        type: string;
        title: string;
        body: string;
        tag: string;
      };
    const got = await until(
      () => service.received.find((r) => r.path === new URL(endpoint).pathname && open(r.body).type === 'QUEUE_CALL_NEXT'),
      'the push request of the call',
    );

    const vapid = checkVapid(String(got.headers.authorization), key.body.public_key);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe(service.origin);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    // PUBLIC_URL is left at its plain-http default here: the contact becomes an address at its host.
    expect(vapid.claims.sub).toBe('mailto:push@localhost');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    // Nothing readable travels to the push service.
    expect(got.body.toString('latin1')).not.toContain(ticket.label);

    const payload = open(got.body);
    const message = await until(
      () =>
        t.database.db
          .selectFrom('notification_messages')
          .selectAll()
          .where('ticket_id', '=', ticket.id)
          .where('channel', '=', 'push')
          .where('message_type', '=', 'QUEUE_CALL_NEXT')
          .where('status', '=', 'sent')
          .executeTakeFirst(),
      'the message sent',
    );
    expect(payload).toEqual({ title: message.subject, body: message.body, tag: message.id, type: 'QUEUE_CALL_NEXT' });
    const template = defaultTemplate('QUEUE_CALL_NEXT', message.language as Language, 'push');
    expect(payload.title).toBe(renderTemplate(template.subject!, { ticket_number: ticket.label }));
    expect(payload.body).toBe(renderTemplate(template.body, { business: 'Pushed Clinic', ticket_number: ticket.label, counter: 'Desk 4' }));
    expect(message.language).toBe('ar');
    expect(message.recipient).toBe(row.id);
    // Sent once (the ticket's other messages, such as "get ready", may come by push beside it).
    const pushes = service.received.filter((r) => r.path === new URL(endpoint).pathname).map((r) => open(r.body).type);
    expect(pushes.filter((type) => type === 'QUEUE_CALL_NEXT')).toHaveLength(1);
    expect(new Set(pushes).size).toBe(pushes.length);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const by = await newBusiness(t, 'Gone Clinic');
    const q = await newQueue(t, by, {}, ['Desk 1']);
    const ticket = await pushTicket(t, by, q.id, {});
    const endpoint = `${service.origin}/push/gone-${randomBytes(4).toString('hex')}`;
    service.gone.add(new URL(endpoint).pathname);
    expect((await subscribe(ticket.uid, { endpoint, keys: browserKeys().keys })).status).toBe(201);
    expect(await subscriptions(ticket.id)).toHaveLength(1);
    await openCounter(t, by, q.id, q.counters[0].id);
    expect((await t.http().post(`/business/queue/${q.id}/call`).set(by.h).send({ counter_id: q.counters[0].id })).status).toBe(200);
    await until(() => service.received.some((r) => r.path === new URL(endpoint).pathname), 'the push request');
    await until(async () => (await subscriptions(ticket.id)).length === 0, 'the subscription removed');
    const failed = await until(
      () =>
        t.database.db
          .selectFrom('notification_messages')
          .select(['status', 'error'])
          .where('ticket_id', '=', ticket.id)
          .where('channel', '=', 'push')
          .where('status', '=', 'failed')
          .executeTakeFirst(),
      'the message failed',
    );
    expect(failed.error).toMatch(/410/);
  });

  it('subscribes again in place, keeps a few devices per ticket, and stops on DELETE', async () => {
    const q = await newQueue(t, owner);
    const ticket = await pushTicket(t, owner, q.id, {});
    const endpoint = `${service.origin}/push/again`;
    const first = browserKeys().keys;
    const second = browserKeys().keys;
    expect((await subscribe(ticket.uid, { endpoint, keys: first, language: 'fr' })).status).toBe(201);
    expect((await subscribe(ticket.uid, { endpoint, keys: second, language: 'ar' })).status).toBe(201);
    const rows = await subscriptions(ticket.id);
    expect(rows.map((r) => [r.p256dh, r.language])).toEqual([[second.p256dh, 'ar']]);

    for (let i = 0; i < 6; i++)
      expect((await subscribe(ticket.uid, { endpoint: `${service.origin}/push/device-${i}`, keys: browserKeys().keys })).status).toBe(201);
    const kept = await subscriptions(ticket.id);
    expect(kept).toHaveLength(5);
    expect(kept.map((r) => r.endpoint)).toContain(`${service.origin}/push/device-5`);
    expect(kept.map((r) => r.endpoint)).not.toContain(endpoint);

    const off = await t
      .http()
      .delete(`/user/queue/uid/${ticket.uid}/push`)
      .send({ endpoint: `${service.origin}/push/device-5` });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ subscribed: false });
    expect((await subscriptions(ticket.id)).map((r) => r.endpoint)).not.toContain(`${service.origin}/push/device-5`);
    // Twice is the same as once.
    expect(
      (
        await t
          .http()
          .delete(`/user/queue/uid/${ticket.uid}/push`)
          .send({ endpoint: `${service.origin}/push/device-5` })
      ).status,
    ).toBe(200);
    expect(await subscriptions(ticket.id)).toHaveLength(4);
  });

  it('refuses a malformed subscription with a 422 naming the field, and an unknown or ended ticket with a 404', async () => {
    const by = await newBusiness(t, 'Ended Clinic');
    const q = await newQueue(t, by);
    const ticket = await pushTicket(t, by, q.id, {});
    const keys = browserKeys().keys;
    const endpoint = `${service.origin}/push/x`;
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const cases: [unknown, string][] = [
      [{ endpoint: 'http://push.example.com/x', keys }, 'endpoint'],
      [{ endpoint: 'http://127.0.0.1/x', keys }, 'endpoint'],
      [{ endpoint: 'https://10.0.0.8/x', keys }, 'endpoint'],
      [{ endpoint: 'https://localhost/x', keys }, 'endpoint'],
      [{ endpoint: 'https://push.example.com:8443/x', keys }, 'endpoint'],
      [{ endpoint: 'https://user:pw@push.example.com/x', keys }, 'endpoint'],
      [{ endpoint: 'not a url', keys }, 'endpoint'],
      [{ endpoint: 42, keys }, 'endpoint'],
      [{ keys }, 'endpoint'],
      [{ endpoint }, 'keys'],
      [{ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } }, 'keys.p256dh'],
      [{ endpoint, keys: { ...keys, p256dh: offCurve } }, 'keys.p256dh'],
      [{ endpoint, keys: { ...keys, p256dh: 'not base64 at all!' } }, 'keys.p256dh'],
      [{ endpoint, keys: { ...keys, auth: randomBytes(12).toString('base64url') } }, 'keys.auth'],
      [{ endpoint, keys, language: 'xx' }, 'language'],
      [{ endpoint, keys, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await subscribe(ticket.uid, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 422]);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await subscriptions(ticket.id)).toHaveLength(0);

    expect((await subscribe('x'.repeat(24), { endpoint, keys })).status).toBe(404);
    expect((await subscribe('bad uid', { endpoint, keys })).status).toBe(404);
    expect(
      (
        await t
          .http()
          .delete(`/user/queue/uid/${'y'.repeat(24)}/push`)
          .send({ endpoint })
      ).status,
    ).toBe(404);

    await openCounter(t, by, q.id, q.counters[0].id);
    await t.http().post(`/business/queue/${q.id}/call`).set(by.h).send({ counter_id: q.counters[0].id });
    expect((await t.http().post(`/business/queue/${q.id}/end/${ticket.id}`).set(by.h).send({})).status).toBe(200);
    // The visit is over: nothing more to be told.
    const after = await subscribe(ticket.uid, { endpoint, keys });
    expect(after.status).toBe(404);
    expect(after.body.message).toBe('This ticket is no longer in the queue');
  });

  it('limits how often one address may subscribe', async () => {
    const q = await newQueue(t, owner);
    const ticket = await pushTicket(t, owner, q.id, {});
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t
        .http()
        .delete(`/user/queue/uid/${ticket.uid}/push`)
        .set('X-Forwarded-For', '203.0.113.77')
        .send({ endpoint: `${service.origin}/push/x` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address is not held back by it.
    expect((await t.http().delete(`/user/queue/uid/${ticket.uid}/push`).set('X-Forwarded-For', '203.0.113.78').send({ endpoint: 'x' })).status).toBe(200);
  });
});
