import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import type { FeedPage } from '@tabour/contracts';
import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { createTestApp, TestApp } from './support/app';
import { Cluster, Instance, startCluster } from './support/cluster';
import { auth, login, STRONG_PASSWORD } from './support/fixtures';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { socketClients } from './support/sockets';
import { until } from './support/until';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A socket's change notices and how it ended, as the client sees them. */
function watch(s: Socket) {
  const seen = { notices: [] as { at: number; key: string }[], disconnected: null as null | { at: number; reason: string } };
  s.on('change', (n: { key: string }) => seen.notices.push({ at: Date.now(), key: n.key }));
  s.on('disconnect', (reason: string) => (seen.disconnected = { at: Date.now(), reason }));
  return { seen, after: (at: number) => seen.notices.filter((n) => n.at >= at).length };
}
const join = (s: Socket, kind: string, id: string) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('subscribe', { kind, id }, (r: { ok: boolean }) => resolve(r)));

/** An SSE stream of the feed read on one instance: each event with the time it arrived, and when the server ended it. */
function openStream(baseUrl: string, token: string, after: string) {
  const { hostname, port } = new URL(baseUrl);
  const got = { status: 0, events: [] as { at: number; type: string; data: string }[], errors: [] as string[], endedAt: null as number | null };
  const req = http.get({ host: hostname, port, path: `/business/integrations/feed/stream?after=${after}`, headers: bearer(token) }, (res) => {
    got.status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        if (type === 'error') got.errors.push(data);
        else if (type) got.events.push({ at: Date.now(), type, data });
      }
    });
    res.on('end', () => (got.endedAt ??= Date.now()));
  });
  req.on('error', () => (got.endedAt ??= Date.now()));
  return { got, close: () => req.destroy() };
}

/** The feed's cursor after everything already there, read page by page. */
async function feedHead(baseUrl: string, token: string): Promise<string> {
  let cursor = '0';
  for (let i = 0; i < 1000; i++) {
    const res = await request(baseUrl).get('/business/integrations/feed').query({ after: cursor, limit: '500' }).set(bearer(token));
    expect(res.status).toBe(200);
    const page = res.body as FeedPage;
    cursor = page.next_cursor;
    if (!page.has_more) return cursor;
  }
  throw new Error('the feed never ended');
}

/**
 * Access ends when its grant ends, on every API instance: two processes on one PostgreSQL, the
 * grant ended through one, the stream, poll or socket held on the other (docs/security.md).
 */
describe('access that ends, across instances', () => {
  let c: Cluster;
  let a: Instance;
  let b: Instance;
  let owner: Staff;
  let broadcastUrl = '';
  const clients = socketClients(() => broadcastUrl);
  const on = (i: Instance) => request(i.url);
  const connectTo = (i: Instance, token: string) => {
    broadcastUrl = i.broadcastUrl;
    return clients.connect(token);
  };

  beforeAll(async () => {
    c = await startCluster({ instances: 2 });
    [a, b] = c.instances;
    owner = await newBusiness({ http: () => on(a) } as TestApp, 'Revocation Clinic');
  }, 300_000);
  afterAll(async () => {
    clients.closeAll();
    await c?.close();
  });

  it('a key revoked on one instance ends its stream and its long poll on the other at once; nothing written after reaches them', async () => {
    const created = await on(a)
      .put('/business/integrations/keys/create')
      .set(owner.h)
      .send({ name: 'CRM', scopes: ['feed:read', 'pii:read'] });
    expect(created.status).toBe(201);
    const key = created.body as { id: string; token: string };
    const q = await newQueue({ http: () => on(a) } as TestApp, owner, { name: 'Front' });
    const head = await feedHead(b.url, key.token);
    const stream = openStream(b.url, key.token, head);
    // The stream works before the revocation.
    await pushTicket({ http: () => on(a) } as TestApp, owner, q.id, { customer_name: 'Before Revocation' });
    await until(() => stream.got.events.some((e) => e.data.includes('Before Revocation')), 'the stream to carry an event before the revocation', 15_000);
    const pollHead = await feedHead(b.url, key.token);
    const poll = on(b)
      .get('/business/integrations/feed')
      .query({ after: pollHead, wait: '30' })
      .set(bearer(key.token))
      .then((r) => r);
    await sleep(500);

    const revoked = await on(a).post(`/business/integrations/keys/${key.id}/revoke`).set(owner.h);
    expect(revoked.status).toBe(200);
    const revokedAt = Date.now();
    for (const name of ['After One', 'After Two', 'After Three'])
      await pushTicket({ http: () => on(a) } as TestApp, owner, q.id, { customer_name: `${name} Revocation` });
    const polled = await poll;
    const pollMs = Date.now() - revokedAt;
    await until(() => stream.got.endedAt, 'the server to end the stream', 10_000).catch(() => undefined);
    await sleep(1500);
    stream.close();

    const late = stream.got.events.filter((e) => e.at >= revokedAt);
    const lateNames = late.filter((e) => /After \w+ Revocation/.test(e.data));
    const pollNames = JSON.stringify(polled.body).match(/After \w+ Revocation/g) ?? [];
    console.log(
      `key revocation across instances: events received after revocation: ${late.length} (${lateNames.length} naming a customer pushed after it); ` +
        `stream ended by the server ${stream.got.endedAt ? `${stream.got.endedAt - revokedAt} ms` : 'never'} after the revocation; ` +
        `long poll answered ${polled.status} ${pollMs} ms after it, with ${pollNames.length} event(s) written after it`,
    );
    expect(late).toEqual([]);
    expect(stream.got.endedAt).not.toBeNull();
    expect(stream.got.endedAt! - revokedAt).toBeLessThan(3000);
    expect(stream.got.errors.join()).toMatch(/revoked/);
    expect(pollNames).toEqual([]);
    expect(polled.status).toBe(401);
    expect(pollMs).toBeLessThan(3000);
    // And the key opens nothing on either instance any more.
    for (const i of [a, b]) expect((await on(i).get('/business/integrations/feed').set(bearer(key.token))).status).toBe(401);
  }, 90_000);

  it('a logout and a kiosk’s secret reset on one instance disconnect the sockets they authorised on the other', async () => {
    const q = await newQueue({ http: () => on(a) } as TestApp, owner, { name: 'Live' });
    const other = { http: () => on(a) } as TestApp;
    // Two sessions of the owner's: one logs out, the other stays.
    const leaving = await login(other, owner.email, STRONG_PASSWORD);
    const staying = await login(other, owner.email, STRONG_PASSWORD);
    const kiosk = await on(a)
      .post('/business/kiosk/create')
      .set(owner.h)
      .send({ name: 'Entrance', queue_ids: [q.id] });
    expect(kiosk.status).toBe(201);
    const kioskLogin = await on(a).post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret });
    expect(kioskLogin.status).toBe(200);

    const sockets = {
      leaving: await connectTo(b, leaving.token),
      staying: await connectTo(b, staying.token),
      kiosk: await connectTo(b, kioskLogin.body.token),
    };
    for (const s of Object.values(sockets)) expect((await join(s, 'queue', q.id)).ok).toBe(true);
    const seen = { leaving: watch(sockets.leaving), staying: watch(sockets.staying), kiosk: watch(sockets.kiosk) };
    await pushTicket(other, owner, q.id);
    await until(() => Object.values(seen).every((w) => w.seen.notices.length > 0), 'every socket to hear a change before', 10_000);
    await sleep(300);

    expect((await on(a).post('/business/account/logout').set(auth(leaving.token))).status).toBe(200);
    const reset = await on(a).post(`/business/kiosk/${kiosk.body.id}/reset`).set(owner.h);
    expect(reset.status).toBe(200);
    const endedAt = Date.now();
    await pushTicket(other, owner, q.id);
    await pushTicket(other, owner, q.id);
    await until(() => seen.staying.after(endedAt) >= 2, 'the staying session to hear both changes', 10_000);
    await sleep(1000);

    const counts = { logout: seen.leaving.after(endedAt), kiosk: seen.kiosk.after(endedAt), staying: seen.staying.after(endedAt) };
    console.log(
      `sockets across instances: notices after logout: ${counts.logout}, after the kiosk's secret reset: ${counts.kiosk}; ` +
        `the other session heard ${counts.staying}; disconnected by the server: logout ${seen.leaving.seen.disconnected?.reason ?? 'no'}, kiosk ${seen.kiosk.seen.disconnected?.reason ?? 'no'}`,
    );
    expect(counts.logout).toBe(0);
    expect(counts.kiosk).toBe(0);
    expect(counts.staying).toBeGreaterThanOrEqual(2);
    expect(seen.leaving.seen.disconnected?.reason).toBe('io server disconnect');
    expect(seen.kiosk.seen.disconnected?.reason).toBe('io server disconnect');
    expect(seen.staying.seen.disconnected).toBeNull();
    // The ended tokens cannot connect again.
    await expect(connectTo(b, leaving.token)).rejects.toThrow(/unauthorised/);
    await expect(connectTo(b, kioskLogin.body.token)).rejects.toThrow(/unauthorised/);
  }, 60_000);
});

/** What each ending ends, on one instance: sockets, device sessions, public pages. */
describe('access that ends', () => {
  let t: TestApp;
  let owner: Staff;
  let url: string;
  const clients = socketClients(() => url);
  const connect = clients.connect;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Ending Clinic');
    url = `http://127.0.0.1:${t.app.get(BroadcastService).port}`;
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  it('a stream and a poll that never hear of their key’s end still stop: every page reads the key again', async () => {
    const created = await t
      .http()
      .put('/business/integrations/keys/create')
      .set(owner.h)
      .send({ name: 'Quiet', scopes: ['feed:read', 'pii:read'] });
    expect(created.status).toBe(201);
    const key = created.body as { id: string; token: string };
    const q = await newQueue(t, owner, { name: 'Quiet' });
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const head = await feedHead(base, key.token);
    const stream = openStream(base, key.token, head);
    const poll = t
      .http()
      .get('/business/integrations/feed')
      .query({ after: head, wait: '20' })
      .set(bearer(key.token))
      .then((r) => r);
    await sleep(500);
    // Ended behind the product's back: no event, so no instance is told.
    await sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${key.id}::uuid`.execute(t.database.db);
    const revokedAt = Date.now();
    await pushTicket(t, owner, q.id, { customer_name: 'Unheard Revocation' });
    const polled = await poll;
    await until(() => stream.got.endedAt, 'the stream to end', 10_000);
    stream.close();
    const idleEnd = stream.got.endedAt! - revokedAt;
    console.log(
      `revocation no instance heard of: long poll answered ${polled.status}; stream events after it ${stream.got.events.length}, ended after ${idleEnd} ms`,
    );
    expect(polled.status).toBe(401);
    expect(JSON.stringify(polled.body)).not.toContain('Unheard');
    expect(stream.got.events).toEqual([]);
    expect(stream.got.errors.join()).toMatch(/revoked/);

    // An idle stream, with nothing to carry, looks at its key again within a few seconds.
    const idleKey = (
      await t
        .http()
        .put('/business/integrations/keys/create')
        .set(owner.h)
        .send({ name: 'Idle', scopes: ['feed:read'] })
    ).body as { id: string; token: string };
    const idle = openStream(base, idleKey.token, await feedHead(base, idleKey.token));
    await sleep(500);
    await sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${idleKey.id}::uuid`.execute(t.database.db);
    const idleFrom = Date.now();
    await until(() => idle.got.endedAt, 'the idle stream to end', 10_000);
    idle.close();
    console.log(`an idle stream of a key revoked unheard ended after ${idle.got.endedAt! - idleFrom} ms`);
    expect(idle.got.endedAt! - idleFrom).toBeLessThan(7_000);
    expect(idle.got.errors.join()).toMatch(/revoked/);
  });

  it('a password change disconnects the user’s other sessions’ sockets and keeps its own', async () => {
    const q = await newQueue(t, owner, { name: 'Password' });
    const member = await newMember(t, owner, 'Front Desk');
    const second = await login(t, member.email, STRONG_PASSWORD);
    const mine = watch(await connect(member.token));
    const theirs = watch(await connect(second.token));
    const changed = await t
      .http()
      .post('/business/account/password/update')
      .set(member.h)
      .send({ current_password: STRONG_PASSWORD, password: 'N3w!Password', password_confirmation: 'N3w!Password' });
    expect(changed.status).toBe(200);
    const at = Date.now();
    await pushTicket(t, owner, q.id);
    await until(() => mine.after(at) > 0, 'the session that changed the password to hear on', 5_000);
    await until(() => theirs.seen.disconnected, 'the other session’s socket to be disconnected', 5_000);
    expect(theirs.after(at)).toBe(0);
    expect(mine.seen.disconnected).toBeNull();
  });

  it('removing a member and a display’s remote logout disconnect their sockets', async () => {
    const q = await newQueue(t, owner, { name: 'Team' });
    const member = await newMember(t, owner, 'Front Desk');
    const display = await t
      .http()
      .post('/business/display/create')
      .set(owner.h)
      .send({ name: 'Hall', queue_ids: [q.id] });
    expect(display.status).toBe(201);
    const screen = await t.http().post('/display/auth').send({ key: display.body.key, secret: display.body.secret });
    const member$ = watch(await connect(member.token));
    const display$ = watch(await connect(screen.body.token));
    expect((await t.http().delete(`/business/team/${member.memberId}/delete`).set(owner.h)).status).toBeLessThan(300);
    expect((await t.http().post(`/business/display/${display.body.id}/remote/logout`).set(owner.h)).status).toBeLessThan(300);
    const at = Date.now();
    await pushTicket(t, owner, q.id);
    await until(() => member$.seen.disconnected && display$.seen.disconnected, 'both sockets to be disconnected', 5_000);
    await sleep(300);
    expect([member$.after(at), display$.after(at)]).toEqual([0, 0]);
  });

  it('drops a socket when its session expires', async () => {
    const session = await login(t, owner.email, STRONG_PASSWORD);
    // A session at the end of its life: it expires a second and a half from now.
    await sql`UPDATE sessions SET expires_at = now() + interval '1500 milliseconds', last_seen_at = now()
              WHERE tenant_id = ${owner.businessId}::uuid AND id = (SELECT id FROM sessions WHERE tenant_id = ${owner.businessId}::uuid ORDER BY created_at DESC LIMIT 1)`.execute(
      t.database.db,
    );
    const s = watch(await connect(session.token));
    const from = Date.now();
    await until(() => s.seen.disconnected, 'the expired session’s socket to be dropped', 6_000);
    expect(s.seen.disconnected!.at - from).toBeGreaterThanOrEqual(1000);
  });

  it('a deleted business ends its devices, its sockets and every public entry point, and takes no new personal data', async () => {
    const gone = await newBusiness(t, 'Closing Clinic');
    const g = { ...t, http: () => t.http() } as TestApp;
    const q = await newQueue(g, gone, { name: 'Closing' });
    await openCounter(g, gone, q.id, q.counters[0].id);
    const served = await pushTicket(g, gone, q.id);
    expect((await t.http().post(`/business/queue/${q.id}/call`).set(gone.h).send({ counter_id: q.counters[0].id })).status).toBe(200);
    expect((await t.http().post(`/business/queue/${q.id}/end/${served.id}`).set(gone.h)).status).toBeLessThan(300);
    const waiting = await pushTicket(g, gone, q.id, { customer_name: 'Waiting Person' });
    const kiosk = await t
      .http()
      .post('/business/kiosk/create')
      .set(gone.h)
      .send({ name: 'Door', queue_ids: [q.id] });
    const display = await t
      .http()
      .post('/business/display/create')
      .set(gone.h)
      .send({ name: 'Wall', queue_ids: [q.id] });
    const kioskToken = (await t.http().post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret })).body.token as string;
    const displayToken = (await t.http().post('/display/auth').send({ key: display.body.key, secret: display.body.secret })).body.token as string;
    const request = await t
      .http()
      .put(`/user/queue/${q.id}/request`)
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ name: 'Asking Person', phone: '+216 20 111 222' });
    expect(request.status).toBe(201);
    const sockets = { staff: watch(await connect(gone.token)), kiosk: watch(await connect(kioskToken)), display: watch(await connect(displayToken)) };
    // Everything works before.
    expect((await t.http().get('/kiosk/refresh').set(auth(kioskToken))).status).toBe(200);
    expect((await t.http().get(`/user/queue/uid/${waiting.uid}`)).status).toBe(200);

    const deleted = await t.http().delete('/business/delete').set(gone.h).send({ password: STRONG_PASSWORD, confirmation: 'Closing Clinic' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    const customersBefore = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers WHERE tenant_id = ${gone.businessId}::uuid`.execute(
      t.database.db,
    );
    const headBefore = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE tenant_id = ${gone.businessId}::uuid`.execute(t.database.db);

    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const device = {
      'kiosk refresh': await t.http().get('/kiosk/refresh').set(auth(kioskToken)),
      'kiosk customer': await t
        .http()
        .put('/kiosk/customer/create')
        .set(auth(kioskToken))
        .send({ first_name: 'Kiosk', last_name: 'Person', phone: '+216 20 333 444' }),
      'kiosk push': await t.http().put('/kiosk/queue/push').set(auth(kioskToken)).send({ queue_id: q.id, customer_name: 'Kiosk Person' }),
      'display screen': await t.http().get('/display/screen').set(auth(displayToken)),
    };
    const logins = {
      'kiosk login': await t.http().post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret }),
      'display login': await t.http().post('/display/auth').send({ key: display.body.key, secret: display.body.secret }),
    };
    const publicCalls = {
      'ticket page': await t.http().get(`/user/queue/uid/${waiting.uid}`),
      'ticket archive': await t.http().get(`/user/queue/archive/uid/${served.uid}`),
      late: await t.http().post(`/user/queue/uid/${waiting.uid}/late`).send({ places: 1 }),
      cancel: await t.http().delete(`/user/queue/uid/${waiting.uid}/cancel`),
      feedback: await t.http().put(`/user/queue/uid/${served.uid}/feedback`).send({ stars: 5, text: 'Kind people' }),
      'push subscription': await t.http().post(`/user/queue/uid/${waiting.uid}/push`).send({ endpoint: 'https://push.example.test/device-1', keys }),
      'queue request': await t
        .http()
        .put(`/user/queue/${q.id}/request`)
        .set('X-Forwarded-For', '198.51.100.8')
        .send({ name: 'Late Person', phone: '+216 20 555 666' }),
      'request page': await t.http().get(`/user/queue/request/${request.body.uid}`),
    };
    await until(() => Object.values(sockets).every((s) => s.seen.disconnected), 'every socket of the business to be disconnected', 5_000).catch(
      () => undefined,
    );

    const refusedDevices = Object.entries(device).filter(([, r]) => r.status === 401);
    const refusedLogins = Object.entries(logins).filter(([, r]) => r.status === 410);
    const refusedPublic = Object.entries(publicCalls).filter(([, r]) => r.status === 410 || r.status === 404);
    const customersAfter = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers WHERE tenant_id = ${gone.businessId}::uuid`.execute(t.database.db);
    const headAfter = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE tenant_id = ${gone.businessId}::uuid`.execute(t.database.db);
    const disconnected = Object.entries(sockets).filter(([, s]) => s.seen.disconnected).length;
    console.log(
      `after deletion: device calls refused ${refusedDevices.length} of ${Object.keys(device).length}, device logins ${refusedLogins.length} of ${Object.keys(logins).length}, ` +
        `public calls ${refusedPublic.length} of ${Object.keys(publicCalls).length} (${Object.entries(publicCalls)
          .map(([k, r]) => `${k} ${r.status}`)
          .join(', ')}); sockets disconnected ${disconnected} of 3; ` +
        `new customers ${customersAfter.rows[0].n - customersBefore.rows[0].n}, new events ${headAfter.rows[0].n - headBefore.rows[0].n}`,
    );
    expect(Object.fromEntries(Object.entries(device).map(([k, r]) => [k, r.status]))).toEqual(Object.fromEntries(Object.keys(device).map((k) => [k, 401])));
    expect(Object.fromEntries(Object.entries(logins).map(([k, r]) => [k, r.status]))).toEqual(Object.fromEntries(Object.keys(logins).map((k) => [k, 410])));
    // The request itself went with the customers' data when the account was deleted: its link is simply unknown.
    const expected = { ...Object.fromEntries(Object.keys(publicCalls).map((k) => [k, 410])), 'request page': 404 };
    expect(Object.fromEntries(Object.entries(publicCalls).map(([k, r]) => [k, r.status]))).toEqual(expected);
    for (const r of [...Object.values(logins), ...Object.values(publicCalls)].filter((x) => x.status === 410))
      expect(r.body).toMatchObject({ code: 'business_deleted', message: expect.stringMatching(/deleted/) });
    expect(publicCalls['request page'].body.message).toBe('This request link is not valid');
    expect(customersAfter.rows[0].n).toBe(customersBefore.rows[0].n);
    expect(headAfter.rows[0].n).toBe(headBefore.rows[0].n);
    expect(disconnected).toBe(3);
    // The device sessions are ended, not only refused.
    const open = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM device_sessions WHERE tenant_id = ${gone.businessId}::uuid AND revoked_at IS NULL`.execute(t.database.db);
    expect(open.rows[0].n).toBe(0);
    // Another business goes on as before.
    expect((await t.http().get('/business/privacy').set(owner.h)).status).toBe(200);
  });
});
