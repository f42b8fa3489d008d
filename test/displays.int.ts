import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { INCOMING_UPLOADS } from '../apps/api/src/organisation/uploads';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { createTestApp, TestApp } from './support/app';
import { auth } from './support/fixtures';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket, queueProblems } from './support/queue-fixtures';
import { PLAN_MESSAGE, staffCallsAdmitting } from './support/device-fixtures';

/** The first bytes of a real MP4: its `ftyp` box (brand isom), then an empty `free` box. */
const MP4 = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x20]),
  Buffer.from('ftypisom', 'ascii'),
  Buffer.from([0x00, 0x00, 0x02, 0x00]),
  Buffer.from('isomiso2avc1mp41', 'ascii'),
  Buffer.from([0x00, 0x00, 0x00, 0x08]),
  Buffer.from('free', 'ascii'),
]);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e6a8e50000000049454e44ae426082',
  'hex',
);

describe('display screens', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff & { memberId: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Display Clinic');
    agent = await newMember(t, owner, 'Front Desk');
  });
  afterAll(() => t.close());

  const createDisplay = async (fields: Record<string, unknown> = {}) => {
    const res = await t
      .http()
      .post('/business/display/create')
      .set(owner.h)
      .send({ name: `Hall ${Math.random().toString(36).slice(2, 6)}`, ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string; secret: string; autologin_token: string } & Record<string, unknown>;
  };
  const displayLogin = (body: Record<string, unknown>, headers: Record<string, string> = {}) => t.http().post('/display/auth').set(headers).send(body);
  const loggedIn = async (d: { key: string; secret: string }) => auth((await displayLogin({ key: d.key, secret: d.secret })).body.token);

  it('shows the secret and auto-login token once, and never again: not in reads, lists, logs or events', async () => {
    const q = await newQueue(t, owner);
    const d = await createDisplay({ queue_ids: [q.id], theme: 'light', ads: ['Welcome'], voice: { template: 'Ticket {number}, {counter}' }, history_size: 4 });
    expect(d.secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(d.autologin_token).toMatch(/^display-auto-/);
    expect(d.key).toMatch(/^D-[0-9A-F]{12}$/);
    expect(d).toMatchObject({
      status: 'active',
      queue_ids: [q.id],
      theme: 'light',
      ads: ['Welcome'],
      history_size: 4,
      voice: { enabled: true, template: 'Ticket {number}, {counter}', repeat: 1 },
    });
    const session = await displayLogin({ key: d.key, secret: d.secret });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ display: { id: d.id, key: d.key, name: d.name }, business: { id: owner.businessId, name: 'Display Clinic' } });
    expect(session.body.token).toMatch(/^dev_/);
    const reads = [
      await t.http().get(`/business/display/${d.id}`).set(owner.h),
      await t.http().get('/business/display?pagination=off').set(owner.h),
      await t.http().get('/business/display?page=1&lite=1').set(owner.h),
      await t
        .http()
        .post(`/business/display/filter/${encodeURIComponent(String(d.name))}`)
        .set(owner.h),
      await t.http().post(`/business/display/${d.id}/update`).set(owner.h).send({ name: 'Renamed' }),
      await t.http().get(`/business/display/${d.id}/logs?page=1`).set(owner.h),
    ];
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(d.secret);
      expect(JSON.stringify(r.body)).not.toContain(d.autologin_token);
    }
    expect(reads[1].body.data.find((x: { id: string }) => x.id === d.id)).toMatchObject({ sessions: 1 });
    expect(reads[2].body.data.find((x: { id: string }) => x.id === d.id)).toEqual({ id: d.id, name: d.name, status: 'active' });
    expect(reads[3].body.data.map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect(JSON.stringify(session.body)).not.toContain(d.secret);
    const stored = await sql<{ text: string }>`SELECT data::text || metadata::text AS text FROM es_events`.execute(t.database.db);
    const all = stored.rows.map((r) => r.text).join('\n');
    expect(all).not.toContain(d.secret);
    expect(all).not.toContain(d.autologin_token);
  });

  it('logs in with key and secret or the auto-login token, refuses a wrong secret, resets, and ends sessions remotely', async () => {
    const d = await createDisplay();
    const wrong = await displayLogin({ key: d.key, secret: 'not-the-secret' });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Key and Secret do not match our records']);
    expect((await displayLogin({ key: 'D-000000000000', secret: d.secret })).status).toBe(401);
    expect((await displayLogin({})).status).toBe(401);
    const byToken = await displayLogin({ token: d.autologin_token });
    expect(byToken.status).toBe(200);
    const first = auth((await displayLogin({ key: d.key.toLowerCase(), secret: d.secret })).body.token);
    expect((await t.http().get('/display/screen').set(first)).status).toBe(200);
    const reset = await t.http().post(`/business/display/${d.id}/reset`).set(owner.h);
    expect(reset.status).toBe(200);
    expect(reset.body.secret).not.toBe(d.secret);
    expect(reset.body.autologin_token).not.toBe(d.autologin_token);
    expect((await t.http().get('/display/screen').set(first)).status).toBe(401);
    expect((await t.http().get('/display/screen').set(auth(byToken.body.token))).status).toBe(401);
    expect((await displayLogin({ key: d.key, secret: d.secret })).status).toBe(401);
    expect((await displayLogin({ token: d.autologin_token })).status).toBe(401);
    const again = await displayLogin({ key: d.key, secret: reset.body.secret });
    expect(again.status).toBe(200);
    const remote = await t.http().post(`/business/display/${d.id}/remote/logout`).set(owner.h);
    expect(remote.body).toMatchObject({ sent: 'logout', sessions_ended: 1 });
    expect((await t.http().get('/display/screen').set(auth(again.body.token))).status).toBe(401);
    expect((await t.http().post(`/business/display/${d.id}/remote/refresh`).set(owner.h)).body).toEqual({ sent: 'refresh', sessions_ended: 0 });
    expect((await t.http().post(`/business/display/${d.id}/remote/explode`).set(owner.h)).status).toBe(404);
    const own = await loggedIn({ key: d.key, secret: reset.body.secret });
    expect((await t.http().post('/display/logout').set(own)).status).toBe(200);
    expect((await t.http().get('/display/screen').set(own)).status).toBe(401);
    await t.http().post(`/business/display/${d.id}/update`).set(owner.h).send({ status: 'inactive' }).expect(200);
    const inactive = await displayLogin({ key: d.key, secret: reset.body.secret });
    expect([inactive.status, inactive.body.message]).toEqual([403, 'This display is inactive']);
    const logs = await t.http().get(`/business/display/${d.id}/logs?page=1`).set(owner.h);
    const types = logs.body.data.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['DisplayCreated', 'DisplaySecretReset', 'DisplayUpdated', 'login', 'logout', 'command']));
    const times = logs.body.data.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await t.http().delete(`/business/display/${d.id}/delete`).set(owner.h).expect(200);
    expect((await t.http().get(`/business/display/${d.id}`).set(owner.h)).status).toBe(404);
    expect((await displayLogin({ key: d.key, secret: reset.body.secret })).status).toBe(401);
  });

  it('admits a display from its own address and device only', async () => {
    const d = await createDisplay({ ip: '10.20.0.0/16', mac: 'AA-BB-CC-00-11-22' });
    expect(d).toMatchObject({ ip: '10.20.0.0/16', mac: 'aa:bb:cc:00:11:22' });
    const elsewhere = await displayLogin({ key: d.key, secret: d.secret }, { 'X-Forwarded-For': '192.168.1.5', 'x-device-mac': 'aa:bb:cc:00:11:22' });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, 'This display may not be used from this address']);
    const otherDevice = await displayLogin({ key: d.key, secret: d.secret }, { 'X-Forwarded-For': '10.20.3.4', 'x-device-mac': 'aa:bb:cc:00:11:23' });
    expect([otherDevice.status, otherDevice.body.message]).toEqual([403, 'This display may not be used from this device']);
    expect((await displayLogin({ key: d.key, secret: d.secret }, { 'X-Forwarded-For': '10.20.3.4' })).status).toBe(403);
    const ok = await displayLogin({ key: d.key, secret: d.secret }, { 'X-Forwarded-For': '10.20.3.4', 'x-device-mac': 'AA:BB:CC:00:11:22' });
    expect(ok.status).toBe(200);
    const h = auth(ok.body.token);
    expect((await t.http().get('/display/screen').set(h).set('X-Forwarded-For', '10.20.9.9')).status).toBe(200);
    expect((await t.http().get('/display/screen').set(h).set('X-Forwarded-For', '172.16.0.1')).status).toBe(403);
    const bad = await t
      .http()
      .post('/business/display/create')
      .set(owner.h)
      .send({ name: 'Bad', ip: 'somewhere', mac: 'nope', voice: { template: 'no number' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['ip', 'mac', 'voice.template']);
  });

  it('refuses queues of another business, and a display token at every staff call', async () => {
    const other = await newBusiness(t, 'Other Display Clinic');
    const theirs = await newQueue(t, other);
    const before = await head(t);
    const refused = await t
      .http()
      .post('/business/display/create')
      .set(owner.h)
      .send({ name: 'Borrowed', queue_ids: [theirs.id] });
    expect([refused.status, refused.body.errors]).toEqual([422, { queue_ids: ['Select valid queues'] }]);
    expect(await head(t)).toBe(before);
    const d = await createDisplay();
    expect(
      (
        await t
          .http()
          .post(`/business/display/${d.id}/update`)
          .set(owner.h)
          .send({ queue_ids: [theirs.id] })
      ).status,
    ).toBe(422);
    const token = (await displayLogin({ key: d.key, secret: d.secret })).body.token as string;
    expect(await staffCallsAdmitting(t, token)).toEqual([]);
    // …and staff tokens are not display tokens.
    expect((await t.http().get('/display/screen').set(owner.h)).status).toBe(403);
  });

  it('shows a call made at a counter on the board, with the counter and without the customer', async () => {
    const q = await newQueue(t, owner, { name: 'Radiology', ticket_prefix: 'R', translations: { fr: { name: 'Radiologie' } } }, ['Desk 4']);
    const quiet = await newQueue(t, owner, { name: 'Quiet', ticket_prefix: 'Q' });
    const d = await createDisplay({ queue_ids: [q.id, quiet.id], history_size: 3, media: [{ kind: 'image', url: 'https://cdn.example/a.png', seconds: 10 }] });
    const h = await loggedIn(d);
    const empty = await t.http().get('/display/screen').set(h);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      calls: [],
      history: [],
      display: { id: d.id, history_size: 3, media: [{ kind: 'image', url: 'https://cdn.example/a.png', seconds: 10 }] },
    });
    expect(empty.body.queues.map((x: { id: string }) => x.id)).toEqual([q.id, quiet.id]);
    const first = await pushTicket(t, owner, q.id, { customer_name: 'Zaynab Confidential' });
    const second = await pushTicket(t, owner, q.id, { customer_name: 'Youssef Private' });
    await openCounter(t, agent, q.id, q.counters[0].id);
    await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id }).expect(200);
    await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id }).expect(200);
    const board = await t.http().get('/display/screen').set(h);
    expect(board.status).toBe(200);
    expect(board.body.queues[0]).toEqual({ id: q.id, name: 'Radiology', translations: { fr: { name: 'Radiologie' } }, paused: false });
    expect(board.body.calls).toEqual([{ label: second.label, number: second.number, counter_name: 'Desk 4', called_at: expect.any(String), queue_id: q.id }]);
    expect(board.body.history.map((x: { label: string; status: string; counter_name: string }) => [x.label, x.status, x.counter_name])).toEqual([
      [second.label, 'in_service', 'Desk 4'],
      [first.label, 'ended', 'Desk 4'],
    ]);
    const text = JSON.stringify(board.body);
    for (const secret of ['Zaynab', 'Youssef', 'Confidential', 'Private', first.uid, second.uid, d.key]) expect(text).not.toContain(secret);
    expect(board.body.display).not.toHaveProperty('ip');
    // The staff's screen of the queue shows the same calls, on any membership, to ADMIN or MANAGER only.
    const staff = await t.http().get(`/business/queue/${q.id}/display`).set(owner.h);
    expect(staff.status).toBe(200);
    expect(staff.body.calls).toEqual(board.body.calls);
    expect(staff.body.queues.map((x: { id: string }) => x.id)).toEqual([q.id]);
    expect(JSON.stringify(staff.body)).not.toContain('Zaynab');
    expect((await t.http().get(`/business/queue/${q.id}/display`).set(agent.h)).status).toBe(403);
    expect((await t.http().get('/business/queue/00000000-0000-4000-8000-000000000001/display').set(owner.h)).status).toBe(404);
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);
  });

  it('records pings as the screen’s last seen, newest first in its logs', async () => {
    const d = await createDisplay();
    const h = await loggedIn(d);
    const ping = await t
      .http()
      .post('/display/ping')
      .set(h)
      .set('User-Agent', 'HallScreen/2.1')
      .send({ info: { version: '2.1', width: 1920 } });
    expect(ping.status).toBe(200);
    expect(
      (
        await t
          .http()
          .post('/display/ping')
          .set(h)
          .send({ info: { blob: 'x'.repeat(3000) } })
      ).status,
    ).toBe(422);
    const row = await sql<{
      kind: string;
      ip: string;
      user_agent: string;
      info: Record<string, unknown>;
    }>`SELECT kind, ip, user_agent, info FROM display_pings WHERE display_id = ${d.id} AND kind = 'ping'`.execute(t.database.db);
    expect(row.rows).toEqual([{ kind: 'ping', ip: '127.0.0.1', user_agent: 'HallScreen/2.1', info: { version: '2.1', width: 1920 } }]);
    const one = await t.http().get(`/business/display/${d.id}`).set(owner.h);
    expect(Date.parse(one.body.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(ping.body.at) - 1000);
    const logs = await t.http().get(`/business/display/${d.id}/logs?page=1`).set(owner.h);
    expect(logs.body.data[0]).toMatchObject({ source: 'device', type: 'ping', ip: '127.0.0.1', user_agent: 'HallScreen/2.1' });
    expect(logs.body.data.at(-1)).toMatchObject({ source: 'event', type: 'DisplayCreated', actor: { type: 'user', id: owner.userId } });
  });

  it('takes an MP4 as the screen’s video, serves it as a video, and refuses a PNG', async () => {
    const d = await createDisplay();
    // Videos are received on disk, never whole in memory; whatever the answer, nothing stays there.
    const incoming = async () => (await readdir(INCOMING_UPLOADS).catch(() => [])).length;
    const refused = await t.http().post(`/business/display/${d.id}/video`).set(owner.h).attach('video', PNG, 'clip.mp4');
    expect([refused.status, Object.keys(refused.body.errors ?? {})]).toEqual([422, ['video']]);
    expect(await incoming()).toBe(0);
    const elsewhere = await newBusiness(t, 'Video Elsewhere');
    expect((await t.http().post(`/business/display/${d.id}/video`).set(elsewhere.h).attach('video', MP4, 'clip.mp4')).status).toBe(404);
    expect(await incoming()).toBe(0);
    expect((await t.http().post(`/business/display/${d.id}/video`).set(owner.h).send({})).status).toBe(422);
    const up = await t.http().post(`/business/display/${d.id}/video`).set(owner.h).attach('video', MP4, 'clip.mp4');
    expect(up.status).toBe(200);
    expect(up.body.video_file).toMatch(new RegExp(`^/business/uploads/${owner.businessId}/[0-9a-f]{32}\\.mp4$`));
    const served = await t.http().get(up.body.video_file);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, MP4)).toBe(0);
    expect(await incoming()).toBe(0);
    // A new video replaces the old one, which is no longer served.
    const next = await t.http().post(`/business/display/${d.id}/video`).set(owner.h).attach('video', MP4, 'clip.mp4');
    expect(next.body.video_file).not.toBe(up.body.video_file);
    expect((await t.http().get(up.body.video_file)).status).toBe(404);
    const cleared = await t.http().post(`/business/display/${d.id}/update`).set(owner.h).send({ video_file: null });
    expect(cleared.body.video_file).toBeNull();
    expect((await t.http().get(next.body.video_file)).status).toBe(404);
    const h = await loggedIn(d);
    expect((await t.http().get('/display/screen').set(h)).body.display).toMatchObject({ video_file: null });
  });

  it('answers the plan gate to a business on FREE, in the back-office and at the display, but not on the queue’s own screen', async () => {
    const q = await newQueue(t, owner);
    const d = await createDisplay({ queue_ids: [q.id] });
    const h = await loggedIn(d);
    await t.app.get(RegistrationService).setPackage(owner.email, 'FREE', null);
    try {
      for (const [method, path] of [
        ['get', '/business/display'],
        ['post', '/business/display/create'],
        ['get', `/business/display/${d.id}`],
        ['post', `/business/display/${d.id}/reset`],
        ['get', `/business/display/${d.id}/logs`],
      ] as const) {
        const res = await t.http()[method](path).set(owner.h).send({ name: 'x' });
        expect([path, res.status, res.body.message]).toEqual([path, 403, PLAN_MESSAGE]);
      }
      const login = await displayLogin({ key: d.key, secret: d.secret });
      expect([login.status, login.body.message]).toEqual([403, PLAN_MESSAGE]);
      const screen = await t.http().get('/display/screen').set(h);
      expect([screen.status, screen.body.message]).toEqual([403, PLAN_MESSAGE]);
      expect((await t.http().get(`/business/queue/${q.id}/display`).set(owner.h)).status).toBe(200);
    } finally {
      await t.app.get(RegistrationService).setPackage(owner.email, 'LIBERUP', 'monthly');
    }
    expect((await t.http().get('/display/screen').set(h)).status).toBe(200);
  });
});
