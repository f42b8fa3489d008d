import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { loadConfig } from '@tabour/platform';
import { createApp } from '../apps/api/src/bootstrap';
import { WebhookResolver } from '../apps/api/src/integrations/webhooks/resolver';
import { FAILURE } from '../apps/api/src/integrations/webhooks/transport';
import type { TestApp } from './support/app';
import { createTestDatabase } from './support/db';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

const BASE = '/business/integrations/webhooks';

/**
 * Webhooks never reach the server's own network, with the webhooks' production settings (no
 * loopback exception): a name that passes when saved and resolves to loopback when the delivery
 * connects (DNS rebinding) is refused at the connection, and the log says so in generic words.
 */
describe('webhooks and the server’s network', () => {
  let t: TestApp;
  let receiver: Server;
  let port = 0;
  let connections = 0;
  let resolve: jest.SpyInstance<Promise<LookupAddress[]>, [string]>;

  beforeAll(async () => {
    receiver = createServer((_req, res) => void res.writeHead(200).end('ok'));
    receiver.on('connection', () => connections++);
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as { port: number }).port;

    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      CAPTCHA: 'off',
      APPROVE_REGISTRATIONS: 'auto',
      SEED_DEMO: 'false',
      DATA_DIR: `/tmp/${process.env.TABOUR_TEST_RUN}-data`,
      BROADCAST_PORT: '0',
    });
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://queue.example.com', WEBHOOKS_POLL_MS: '100' }).webhooks;
    expect(production.allowLoopback).toBe(false);
    const app = await createApp({ ...config, webhooks: production }, database.url, { logger: ['error'] });
    t = {
      app,
      http: () => request(app.getHttpServer()),
      database,
      async close() {
        await app.close();
        await database.drop();
      },
    };
    resolve = jest.spyOn(t.app.get(WebhookResolver), 'resolve');
  });
  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    await t?.close();
  });

  const answer = (...addresses: string[]) => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const deliveries = (businessId: string) => t.database.db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', businessId).execute();
  const attempted = (owner: Staff) =>
    until(async () => (await deliveries(owner.businessId)).find((d) => d.attempts >= 1 && d.status === 'queued'), 'a failed attempt');

  it('refuses a name re-pointed at loopback after it was saved, at the connection, and logs a generic reason', async () => {
    const owner = await newBusiness(t, 'Hook Rebinding');
    // Public when the webhook is saved, loopback at every lookup after: the checks must be made on what is connected to.
    resolve.mockReset().mockResolvedValueOnce(answer('93.184.216.34')).mockResolvedValue(answer('127.0.0.1'));
    const url = `https://hooks.rebind.example:${port}/h`;
    const created = await t
      .http()
      .post(BASE)
      .set(owner.h)
      .send({ url, event_types: ['ticket.created'] });
    expect(created.status).toBe(201);
    const q = await newQueue(t, owner, {}, ['Desk']);
    await pushTicket(t, owner, q.id);
    const failed = await attempted(owner);
    expect(failed).toMatchObject({ error: FAILURE.notAllowed, response_status: null, response_body: null });
    expect(resolve.mock.calls.map(([host]) => host)).toEqual(expect.arrayContaining(['hooks.rebind.example']));
    expect(resolve.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(connections).toBe(0);
    const log = await t.http().get(`${BASE}/${created.body.id}/deliveries`).set(owner.h);
    expect(log.status).toBe(200);
    expect(log.body.data[0].error).toBe(FAILURE.notAllowed);
    expect(JSON.stringify(log.body)).not.toMatch(new RegExp(`127\\.0\\.0\\.1|:${port}\\b|ECONN|EADDR`));
  });

  it('refuses, when saved or edited, every form of the server’s network with 422 naming the url', async () => {
    const owner = await newBusiness(t, 'Hook Forms');
    resolve.mockReset().mockImplementation(async (host) => {
      if (host === 'office.example.com') return answer('10.0.0.7');
      if (host === 'mixed.example.com') return answer('93.184.216.34', 'fd00::7');
      return answer('93.184.216.34');
    });
    const forms = [
      `https://[::ffff:127.0.0.1]:${port}/h`,
      `https://[::ffff:7f00:1]:${port}/h`,
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://[::ffff:a00:1]/h',
      `https://[::127.0.0.1]:${port}/h`,
      'https://[::ffff:0:7f00:1]/h',
      'https://[2002:7f00:1::]/h',
      'https://[64:ff9b::7f00:1]/h',
      'https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/h',
      'https://2130706433/h',
      'https://hooks.localhost/h',
      'https://office.example.com/h',
      'https://mixed.example.com/h',
    ];
    for (const url of forms) {
      const res = await t
        .http()
        .post(BASE)
        .set(owner.h)
        .send({ url, event_types: ['ticket.created'] });
      expect([url, res.status, Object.keys(res.body.errors ?? {})]).toEqual([url, 422, ['url']]);
    }
    const hook = await t
      .http()
      .post(BASE)
      .set(owner.h)
      .send({ url: 'https://hooks.example.com/h', event_types: ['ticket.created'] });
    expect(hook.status).toBe(201);
    for (const url of forms) {
      const res = await t.http().patch(`${BASE}/${hook.body.id}`).set(owner.h).send({ url });
      expect([url, res.status, Object.keys(res.body.errors ?? {})]).toEqual([url, 422, ['url']]);
    }
    expect(connections).toBe(0);
  });

  it('refuses at the connection a literal address saved under older rules', async () => {
    const owner = await newBusiness(t, 'Hook Old Rules');
    resolve.mockReset().mockResolvedValue(answer('93.184.216.34'));
    const hook = await t
      .http()
      .post(BASE)
      .set(owner.h)
      .send({ url: 'https://hooks.example.com/h', event_types: ['ticket.created'] });
    expect(hook.status).toBe(201);
    // What the earlier address check let through and stored: it connected to 127.0.0.1.
    await t.database.db
      .updateTable('webhooks')
      .set({ url: `https://[::ffff:7f00:1]:${port}/h` })
      .where('id', '=', hook.body.id)
      .execute();
    const q = await newQueue(t, owner, {}, ['Desk']);
    await pushTicket(t, owner, q.id);
    expect(await attempted(owner)).toMatchObject({ error: FAILURE.notAllowed, response_status: null });
    expect(connections).toBe(0);
  });
});
