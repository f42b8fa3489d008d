import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { Client, type Notification } from 'pg';
import type { Socket } from 'socket.io-client';
import { type AnySchema, APPENDED_CHANNEL, lockKey } from '@tabour/eventstore';
import { FEED_CHANNEL } from '@tabour/integrations';
import { STATISTICS_TABLES } from '@tabour/statistics';
import { ADAPTER_CHANNEL } from '../apps/api/src/broadcast/adapter';
import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { businessRoom, scopedRoom } from '../apps/api/src/broadcast/rooms';
import { BOOKING_JOB_LOCK } from '../apps/api/src/bookings/checkin.job';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { DAY_END_LOCK } from '../apps/api/src/queues/day-end';
import { AnalyticsKeeper, ELSEWHERE_REFUSAL } from '../apps/api/src/statistics/analytics/keeper';
import { MIRROR_LOCK } from '../apps/api/src/statistics/analytics/mirror';
import { withDatabase } from '../apps/api/src/statistics/analytics/names';
import { sleep } from './eventstore-support';
import { createTestApp, TestApp } from './support/app';
import { auth } from './support/fixtures';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { socketClients } from './support/sockets';
import { until } from './support/until';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * An analyst of one business, logged in as their own PostgreSQL role, tries everything a login
 * on the product's server could do to the others (docs/security.md, "Analysts"): every attack
 * is refused or reaches nothing. Run as the tests' superuser, as the embedded server runs.
 */
describe('an analyst reads their business’s statistics and nothing else', () => {
  let t: TestApp;
  let keeper: AnalyticsKeeper;
  let mine: Staff;
  let other: Staff;
  let myQueue: string;
  let otherQueue: string;
  let receiver: WebhookReceiver;
  const role = `analyst_${randomBytes(5).toString('hex')}`;
  const legacyRole = `analyst_${randomBytes(5).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const STATEMENT_MS = 2000;
  const CONNECTIONS = 3;
  const opened: Client[] = [];
  let broadcastUrl = '';
  const sockets = socketClients(() => broadcastUrl);

  /** A session as the analyst (or another role) on one database of the server. */
  const as = async (database: string, user = role, pass = password): Promise<Client> => {
    const u = new URL(withDatabase(t.database.url, database));
    u.username = user;
    u.password = pass;
    const c = new Client({ connectionString: u.toString() });
    c.on('error', () => undefined);
    opened.push(c);
    await c.connect();
    return c;
  };
  const analyst = () => as(keeper.database);
  const adminUrl = () => process.env.TABOUR_TEST_ADMIN_URL!;

  const join = (s: Socket, kind: string, id: string) => new Promise<void>((resolve) => s.emit('subscribe', { kind, id }, () => resolve()));

  /** The figures the analyst's view holds, per business. */
  const seenTaken = async (c: Client) =>
    (await c.query<{ tenant_id: string; taken: number }>('SELECT tenant_id, sum(taken)::int AS taken FROM statistics_v1_tickets_daily GROUP BY tenant_id'))
      .rows;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_POLL_MS: '100', WEBHOOKS_RETRY_FIRST_MS: '100' });
    keeper = t.app.get(AnalyticsKeeper);
    broadcastUrl = `http://127.0.0.1:${t.app.get(BroadcastService).port}`;
    receiver = await WebhookReceiver.start();
    mine = await newBusiness(t, 'Analysed Clinic');
    other = await newBusiness(t, 'Other Clinic');
    myQueue = (await newQueue(t, mine)).id;
    otherQueue = (await newQueue(t, other)).id;
    await pushTicket(t, mine, myQueue);
    await pushTicket(t, other, otherQueue);
    await keeper.addAnalyst(role, mine.businessId, { password, limits: { connections: CONNECTIONS, statementTimeoutMs: STATEMENT_MS } });
  }, 60_000);

  // Each test's sessions end with it: the role has a connection limit.
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.end().catch(() => undefined)));
  });

  afterAll(async () => {
    sockets.closeAll();
    await receiver?.close();
    await t?.close();
    // Roles belong to the whole server: the database first (its grants go with it), then the roles.
    const admin = new Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      if (keeper) await admin.query(`DROP DATABASE IF EXISTS "${keeper.database}" WITH (FORCE)`);
      for (const r of [role, legacyRole]) await admin.query(`DROP ROLE IF EXISTS ${r}`);
    } finally {
      await admin.end();
    }
  });

  it('reads its own business’s figures, kept by the product in a database of their own, and no other business’s', async () => {
    const c = await analyst();
    const rows = await until(async () => {
      const r = await seenTaken(c);
      return r.length ? r : null;
    }, 'the mirror of the statistics');
    expect(rows).toEqual([{ tenant_id: mine.businessId, taken: 1 }]);
    // The product's role reads both businesses there: the analyst's rows are filtered, not missing.
    const all = await sql<{ n: number }>`SELECT count(DISTINCT tenant_id)::int AS n FROM statistics_tickets_daily`.execute(keeper.analytics());
    expect(all.rows[0].n).toBe(2);
    await expect(c.query('SELECT count(*) FROM analytics_checkpoint')).rejects.toThrow(/permission denied/);
    // The same tables in both databases, column for column.
    const columns = sql`SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ANY(${[...STATISTICS_TABLES]}::text[]) ORDER BY 1, 2`;
    const here = (await columns.execute(keeper.analytics())).rows;
    const there = (await columns.execute(t.database.db)).rows;
    expect(here.length).toBeGreaterThan(100);
    expect(here).toEqual(there);
  });

  it('connects to the analytics database alone: not the product’s, not any other of the server', async () => {
    const refused = /permission denied|not permitted|could not access file/;
    await expect(as(keeper.productDatabase)).rejects.toThrow(refused);
    await expect(as('postgres')).rejects.toThrow(new RegExp(ELSEWHERE_REFUSAL));
    await expect(as(new URL(adminUrl()).pathname.slice(1))).rejects.toThrow(refused);
    await expect(as('template1')).rejects.toThrow(refused);
    // PUBLIC keeps no CONNECT or TEMPORARY on either database.
    const closed = await sql<{ product: boolean; analytics: boolean; temp: boolean }>`
      SELECT has_database_privilege('public', ${keeper.productDatabase}, 'CONNECT') AS product,
        has_database_privilege('public', ${keeper.database}, 'CONNECT') AS analytics,
        has_database_privilege('public', ${keeper.productDatabase}, 'TEMPORARY') OR has_database_privilege('public', ${keeper.database}, 'TEMPORARY') AS temp`.execute(
      t.database.db,
    );
    expect(closed.rows[0]).toEqual({ product: false, analytics: false, temp: false });
  });

  it('hears nothing on any channel the product uses while another business pushes a ticket and commands its kiosk', async () => {
    const listener = await analyst();
    const heard: Notification[] = [];
    listener.on('notification', (n) => heard.push(n));
    const channels = [`${ADAPTER_CHANNEL}#/`, APPENDED_CHANNEL, FEED_CHANNEL];
    for (const ch of channels) await listener.query(`LISTEN "${ch}"`);

    const kiosk = await t.http().post('/business/kiosk/create').set(other.h).send({ name: 'Entrance' });
    expect(kiosk.status).toBe(201);
    const login = await t.http().post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret });
    const device = await sockets.connect(login.body.token);
    await join(device, 'kiosk', kiosk.body.id);
    const commands: unknown[] = [];
    device.on('command', (c: unknown) => commands.push(c));

    await pushTicket(t, other, otherQueue);
    expect((await t.http().post(`/business/kiosk/${kiosk.body.id}/remote/refresh`).set(other.h)).status).toBeLessThan(300);
    await until(() => commands.length > 0, 'the kiosk’s command');
    await sleep(1500);
    expect(commands).toEqual([{ type: 'refresh' }]);
    expect(heard.map((n) => `${n.channel}: ${n.payload}`)).toEqual([]);
  });

  describe('forged notices', () => {
    let staff: Socket;
    let device: Socket;
    let kioskId: string;
    const changes: unknown[] = [];
    const commands: unknown[] = [];
    /** A socket.io cluster message as the adapter carries it: a broadcast of `event` to `rooms`. */
    const packet = (rooms: string[], event: string, data: unknown) =>
      JSON.stringify({
        uid: 'forged',
        nsp: '/',
        type: 3,
        data: { opts: { rooms, except: [], flags: {} }, packet: { type: 2, nsp: '/', data: [event, data] } },
      });
    const forgeries = () => {
      const rooms = [businessRoom(other.businessId), scopedRoom(other.businessId, 'kiosk', kioskId)];
      return [
        [`${ADAPTER_CHANNEL}#/`, packet(rooms, 'change', { view: 'queue', key: `queue-${otherQueue}`, position: 1 })],
        [`${ADAPTER_CHANNEL}#/`, packet(rooms, 'command', { type: 'logout' })],
        [`${ADAPTER_CHANNEL}#/`, JSON.stringify({ uid: 'forged', type: 3, attachmentId: '1' })],
        [APPENDED_CHANNEL, '999999999'],
        [FEED_CHANNEL, other.businessId],
      ];
    };

    beforeAll(async () => {
      const kiosk = await t.http().post('/business/kiosk/create').set(other.h).send({ name: 'Hall' });
      kioskId = kiosk.body.id;
      const login = await t.http().post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret });
      staff = await sockets.connect(other.token);
      device = await sockets.connect(login.body.token);
      await join(device, 'kiosk', kioskId);
      staff.on('change', (n: unknown) => changes.push(n));
      device.on('change', (n: unknown) => changes.push(n));
      device.on('command', (c: unknown) => commands.push(c));
    });

    it('an analyst’s pg_notify on each channel reaches no staff or kiosk socket', async () => {
      const c = await analyst();
      for (const [channel, payload] of forgeries()) await c.query('SELECT pg_notify($1, $2)', [channel, payload]);
      await sleep(1500);
      expect({ changes, commands }).toEqual({ changes: [], commands: [] });
    });

    it('nor does one sent from inside the product’s database, signed wrongly or replayed, while the product’s own still arrive', async () => {
      const inside = await as(keeper.productDatabase, new URL(adminUrl()).username, decodeURIComponent(new URL(adminUrl()).password));
      const captured: Notification[] = [];
      inside.on('notification', (n) => captured.push(n));
      await inside.query(`LISTEN "${ADAPTER_CHANNEL}#/"`);
      for (const [channel, payload] of forgeries()) await inside.query('SELECT pg_notify($1, $2)', [channel, payload]);
      await sleep(1000);
      expect({ changes, commands }).toEqual({ changes: [], commands: [] });

      // The product's own command: the socket hears it once; on the wire, a signed header without the message.
      expect((await t.http().post(`/business/kiosk/${kioskId}/remote/refresh`).set(other.h)).status).toBeLessThan(300);
      await until(() => commands.length > 0 && captured.some((n) => n.payload?.includes('"mac"')), 'the product’s own command');
      const genuine = captured.find((n) => n.payload?.includes('"mac"'))!;
      expect(genuine.payload).not.toContain('refresh');
      expect(Object.keys(JSON.parse(genuine.payload!)).sort()).toEqual(['attachmentId', 'mac', 'nsp', 'ts', 'type', 'uid']);
      // Sent again as it was, and with a forged signature over another attachment.
      const tampered = { ...JSON.parse(genuine.payload!), attachmentId: String(Number(JSON.parse(genuine.payload!).attachmentId) - 1) };
      await inside.query('SELECT pg_notify($1, $2)', [genuine.channel, genuine.payload]);
      await inside.query('SELECT pg_notify($1, $2)', [genuine.channel, JSON.stringify(tampered)]);
      await sleep(1000);
      expect(commands).toEqual([{ type: 'refresh' }]);
    });
  });

  it('takes every lock the product depends on and stalls nothing: another business’s webhook and feed, and its own figures, still flow', async () => {
    const subscriptions = t.app
      .get(ProjectionRegistry)
      .manager.all()
      .map((s) => s.name);
    expect(subscriptions.length).toBeGreaterThan(3);
    const hook = await t
      .http()
      .post('/business/integrations/webhooks')
      .set(other.h)
      .send({ url: receiver.url, event_types: ['ticket.created'] });
    expect(hook.status).toBe(201);
    const key = await t
      .http()
      .put('/business/integrations/keys/create')
      .set(other.h)
      .send({ name: 'BI', scopes: ['feed:read'] });
    expect(key.status).toBe(201);
    const start = await t.http().get('/business/integrations/feed').query({ after: '0', limit: '1000' }).set(auth(key.body.token));
    let cursor = start.body.next_cursor as string;
    while ((await t.http().get('/business/integrations/feed').query({ after: cursor, limit: '1000' }).set(auth(key.body.token))).body.has_more) {
      cursor = (await t.http().get('/business/integrations/feed').query({ after: cursor, limit: '1000' }).set(auth(key.body.token))).body.next_cursor;
    }

    const c = await analyst();
    const keys = [
      ...subscriptions.flatMap((name) => [lockKey(name), `es_checkpoint:${name}`]),
      `es_stream:queue-${otherQueue}`,
      `es_stream:queue-${myQueue}`,
      MIRROR_LOCK,
      'analytics:keep',
    ];
    const taken = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended(k, 0)) AS ok FROM unnest($1::text[]) AS k', [keys]);
    const numbers = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(n) AS ok FROM unnest($1::bigint[]) AS n', [[DAY_END_LOCK, BOOKING_JOB_LOCK]]);
    // Granted: they are the analytics database's, a namespace of their own that the product never waits on.
    expect([...taken.rows, ...numbers.rows].every((r) => r.ok)).toBe(true);
    await expect(c.query('SELECT pg_current_xact_id()')).rejects.toThrow(/permission denied/);

    const before = receiver.received.length;
    const started = Date.now();
    const ticket = await pushTicket(t, other, otherQueue);
    await pushTicket(t, mine, myQueue);
    await until(() => receiver.received.length > before, 'the webhook delivery', 5000);
    const page = await t.http().get('/business/integrations/feed').query({ after: cursor, wait: '5', limit: '1000' }).set(auth(key.body.token));
    expect(page.status).toBe(200);
    expect(page.body.data.map((e: { type: string }) => e.type)).toContain('ticket.created');
    expect(receiver.received.at(-1)!.envelope.record).toMatchObject({ type: 'ticket', id: ticket.id });
    await until(
      async () => (await seenTaken(c)).find((r) => r.tenant_id === mine.businessId)?.taken === 2,
      'the analyst’s own figures, through the mirror',
      5000,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    await c.end();
  });

  it('holds the same rows as the product’s own projection, each event applied once, and again after a rebuild', async () => {
    const rows = async (db: Kysely<AnySchema>) => {
      const out: Record<string, string[]> = {};
      for (const table of STATISTICS_TABLES) {
        const r = await sql<{ row: string }>`SELECT to_jsonb(x)::text AS row FROM ${sql.table(table)} x ORDER BY 1`.execute(db);
        out[table] = r.rows.map((x) => x.row);
      }
      return out;
    };
    await pushTicket(t, other, otherQueue);
    const same = async () => JSON.stringify(await rows(keeper.analytics())) === JSON.stringify(await rows(t.database.db));
    await until(same, 'the mirror equal to the projection');
    const before = await rows(keeper.analytics());
    expect(before.statistics_tickets.length).toBeGreaterThanOrEqual(3);
    await keeper.rebuild();
    // Waited for, then compared, so that a difference shows row by row.
    await until(same, 'the rebuilt mirror equal to the projection').catch(() => undefined);
    expect(await rows(keeper.analytics())).toEqual(await rows(t.database.db));
    expect(await rows(keeper.analytics())).toEqual(before);
  });

  it('ends at once a session that holds a transaction id, which would hold back every reader of the log on the server', async () => {
    const c = await analyst();
    const ended = new Promise<void>((resolve) => c.once('end', () => resolve()));
    await c.query('SET default_transaction_read_only = off');
    await c.query('BEGIN');
    // Any role may change its own defaults: a write, so a transaction id, kept open.
    await c.query(`ALTER ROLE ${role} SET work_mem = '4MB'`);
    const at = Date.now();
    await ended;
    expect(Date.now() - at).toBeLessThan(3000);
  });

  it('writes nothing once it has SET its sessions writable: no table, no temporary table, no large object, no row', async () => {
    const c = await analyst();
    await c.query('SET default_transaction_read_only = off');
    await c.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE');
    const denied = /permission denied/;
    await expect(c.query('CREATE TABLE mine (a int)')).rejects.toThrow(denied);
    await expect(c.query('CREATE TEMP TABLE mine (a int)')).rejects.toThrow(denied);
    await expect(c.query('CREATE TEMP SEQUENCE mine')).rejects.toThrow(denied);
    await expect(c.query('SELECT lo_create(0)')).rejects.toThrow(denied);
    await expect(c.query('SELECT lo_from_bytea(0, $1)', [Buffer.from('x')])).rejects.toThrow(denied);
    await expect(c.query(`SELECT lo_creat(-1)`)).rejects.toThrow(denied);
    await expect(
      c.query(
        `INSERT INTO statistics_tickets_daily (tenant_id, day, queue_id, service_id, department_id, counter_id, member_id)
        VALUES ($1, '2026-01-01', $2, $2, $2, $2, $2)`,
        [mine.businessId, myQueue],
      ),
    ).rejects.toThrow(denied);
    await expect(c.query('UPDATE statistics_analysts SET tenant_id = $1', [other.businessId])).rejects.toThrow(denied);
    await expect(c.query('DELETE FROM statistics_v1_tickets_daily')).rejects.toThrow(denied);
    await expect(c.query('SELECT * FROM statistics_tickets_daily FOR UPDATE')).rejects.toThrow(denied);
    await expect(c.query('CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$')).rejects.toThrow(denied);
    await expect(c.query('CREATE SCHEMA mine')).rejects.toThrow(denied);
    await expect(c.query('SET session_preload_libraries = plpgsql')).rejects.toThrow(denied);
    await expect(c.query(`ALTER ROLE ${role} RESET session_preload_libraries`)).rejects.toThrow(denied);
    // Still reading what it may read.
    expect((await seenTaken(c)).map((r) => r.tenant_id)).toEqual([mine.businessId]);
  });

  it('holds its connection limit and statement timeout, even once it has SET its own timeouts off', async () => {
    const held: Client[] = [];
    for (let i = 0; i < CONNECTIONS; i++) held.push(await analyst());
    await expect(analyst()).rejects.toThrow(/too many connections for role/);
    await Promise.all(held.slice(1).map((c) => c.end()));
    const c = held[0];
    let at = Date.now();
    await expect(c.query('SELECT pg_sleep(30)')).rejects.toThrow(/statement timeout/);
    expect(Date.now() - at).toBeLessThan(STATEMENT_MS + 2000);
    // The role's defaults are the analyst's to change; the watchdog holds the limit anyway.
    await c.query('SET statement_timeout = 0');
    await c.query('SET idle_in_transaction_session_timeout = 0');
    at = Date.now();
    await expect(c.query('SELECT pg_sleep(30)')).rejects.toThrow(/cancel/);
    expect(Date.now() - at).toBeLessThan(STATEMENT_MS + 3000);
    const ended = new Promise<void>((resolve) => c.once('end', () => resolve()));
    await c.query('BEGIN');
    await c.query('SELECT 1');
    at = Date.now();
    await ended;
    expect(Date.now() - at).toBeLessThan(STATEMENT_MS + 3000);
  });

  it('moves an analyst an earlier version made in the product’s database, and the old function says where to go', async () => {
    // As the earlier statistics_add_analyst left one: a login in the group role, bound in the product's database.
    const admin = await as(keeper.productDatabase, new URL(adminUrl()).username, decodeURIComponent(new URL(adminUrl()).password));
    await admin.query(`CREATE ROLE ${legacyRole} LOGIN PASSWORD '${password}' IN ROLE tabour_analyst`);
    await admin.query(`ALTER ROLE ${legacyRole} SET default_transaction_read_only = on`);
    await admin.query(`GRANT CONNECT ON DATABASE "${keeper.productDatabase}" TO ${legacyRole}`);
    await sql`INSERT INTO statistics_analysts (role_name, tenant_id) VALUES (${legacyRole}, ${other.businessId}::uuid)`.execute(t.database.db);
    const before = await as(keeper.productDatabase, legacyRole);
    await expect(before.query('SELECT count(*) FROM statistics_v1_tickets_daily')).rejects.toThrow(/permission denied/);

    expect(await keeper.adoptLegacyAnalysts()).toEqual([legacyRole]);
    await until(
      async () =>
        await before.query('SELECT 1').then(
          () => false,
          () => true,
        ),
      'the old session ended',
    );
    await expect(as(keeper.productDatabase, legacyRole)).rejects.toThrow(/permission denied|could not access file/);
    const after = await as(keeper.database, legacyRole);
    expect((await seenTaken(after)).map((r) => r.tenant_id)).toEqual([other.businessId]);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM statistics_analysts`.execute(t.database.db);
    expect(left.rows[0].n).toBe(0);
    await expect(sql`SELECT statistics_add_analyst('someone', ${mine.businessId}::uuid, 'a-password-here')`.execute(t.database.db)).rejects.toThrow(
      /npm run analysts -- add/,
    );
  });

  it('is given and taken away by the operator, with its input checked', async () => {
    await expect(keeper.addAnalyst('Bad Name', mine.businessId)).rejects.toThrow(/not an analyst's role name/);
    await expect(keeper.addAnalyst('analyst_nobody', '00000000-0000-0000-0000-000000000000')).rejects.toThrow(/No business has the id/);
    await expect(keeper.addAnalyst('postgres', mine.businessId)).rejects.toThrow(/exists already and is not an analyst/);
    await expect(keeper.addAnalyst(`${role}x`, mine.businessId, { password: 'short' })).rejects.toThrow(/12 to 200 printable/);
    const list = await keeper.listAnalysts();
    expect(list.map((a) => [a.role, a.businessId])).toEqual(
      expect.arrayContaining([
        [role, mine.businessId],
        [legacyRole, other.businessId],
      ]),
    );
    const c = await as(keeper.database, legacyRole);
    await keeper.removeAnalyst(legacyRole);
    await until(
      async () =>
        await c.query('SELECT 1').then(
          () => false,
          () => true,
        ),
      'the removed analyst’s session ended',
    );
    const gone = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${legacyRole}`.execute(t.database.db);
    expect(gone.rows[0].n).toBe(0);
  });
});
