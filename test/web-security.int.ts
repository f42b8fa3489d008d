import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { loadConfig } from '@tabour/platform';
import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { createTestApp, TestApp } from './support/app';
import { STAFF_CALLS } from '@tabour/contracts';
import { STRONG_PASSWORD } from './support/fixtures';
import { newBusiness, Staff } from './support/organisation-fixtures';

const OWN = 'https://queue.example.com';
const PARTNER = 'https://partner.example.org';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('web security', () => {
  let t: TestApp;
  let broadcast: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: OWN, CORS_ORIGINS: `${OWN}, ${PARTNER}` });
    broadcast = `http://127.0.0.1:${t.app.get(BroadcastService).port}`;
  });
  afterAll(() => t.close());

  it('defaults the allowed origins to the public address alone', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tabour.example.com/app/' }).corsOrigins).toEqual(['https://tabour.example.com']);
    expect(loadConfig({ PORT: '4000' }).corsOrigins).toEqual(['http://localhost:4000']);
    expect(() => loadConfig({ CORS_ORIGINS: 'not an address' })).toThrow(/CORS_ORIGINS/);
  });

  it('sends a strict Content-Security-Policy, nosniff, frame-ancestors and a referrer policy with pages', async () => {
    const res = await t.http().get('/login').set('Accept', 'text/html').set('Host', 'queue.example.com');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(new RegExp(`connect-src 'self'[^;]*ws://queue\\.example\\.com:${t.app.get(BroadcastService).port}`));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('sends nosniff with JSON answers and errors too', async () => {
    for (const res of [await t.http().get('/health'), await t.http().get('/business/nothing').set('Accept', 'application/json')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  describe('answers kept by no cache', () => {
    let owner: Staff;
    beforeAll(async () => {
      owner = await newBusiness(t, 'Cache Clinic');
    });
    const ZERO = '00000000-0000-4000-8000-000000000000';
    const noStore = (res: { headers: Record<string, string> }) => expect(res.headers['cache-control']).toMatch(/(^|,\s*)no-store(,|$)/);

    it('sends no-store with the login answer that carries the token, a device login, and a refused login', async () => {
      const login = await t.http().post('/business/account/auth').send({ email: owner.email, password: STRONG_PASSWORD, ip: '' });
      expect(login.status).toBe(200);
      expect(login.body.token).toBeTruthy();
      noStore(login);
      noStore(await t.http().post('/business/account/auth').send({ email: owner.email, password: 'Wrong!Pass1', ip: '' }));
      const kiosk = await t.http().post('/business/kiosk/create').set(owner.h).send({ name: 'Cache kiosk' });
      const session = await t.http().post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret });
      expect(session.status).toBe(200);
      noStore(session);
    });

    it('sends no-store with every answer to a staff token, the customer list first', async () => {
      await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Cached', phone: '+21620123987' });
      const customers = await t.http().get('/business/customer?page=1').set(owner.h);
      expect(customers.status).toBe(200);
      expect(customers.body.total).toBeGreaterThan(0);
      noStore(customers);
      const gets = Object.values(STAFF_CALLS)
        .flat()
        .filter((c) => c.startsWith('GET '))
        .map((c) => c.slice(4));
      expect(gets.length).toBeGreaterThan(100);
      const stored: string[] = [];
      for (const p of gets) {
        const res = await t
          .http()
          .get(p.replace(/:[A-Za-z_]+/g, ZERO))
          .set(owner.h)
          .set('Accept', 'application/json');
        if (!/(^|,\s*)no-store(,|$)/.test(String(res.headers['cache-control']))) stored.push(`${p} → ${res.status} ${res.headers['cache-control']}`);
      }
      expect(stored).toEqual([]);
    });

    it('sends no-store with public answers about one person too: a ticket page, a 401', async () => {
      const queue = await t
        .http()
        .put('/business/queue/create')
        .set(owner.h)
        .send({ name: 'Cache queue', ticket_prefix: 'C', counters: [{ name: 'Desk' }] });
      const ticket = await t.http().put(`/business/queue/${queue.body.id}/push`).set(owner.h).send({});
      const page = await t.http().get(`/user/queue/uid/${ticket.body.uid}`);
      expect(page.status).toBe(200);
      noStore(page);
      noStore(await t.http().get('/business/customer').set('Accept', 'application/json'));
    });
  });

  describe('CORS on the API', () => {
    it.each([OWN, PARTNER])('lets a page from the configured origin %s read answers', async (origin) => {
      const res = await t.http().get('/health').set('Origin', origin);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      const preflight = await t.http().options('/business/account/auth').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    });

    it.each(['https://evil.example.net', 'null', 'https://queue.example.com.evil.net'])('gives the origin %s nothing', async (origin) => {
      const res = await t.http().get('/health').set('Origin', origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await t.http().options('/business/account/auth').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('CORS on the broadcast port', () => {
    it('lets the configured origin read the socket.io handshake and POST /auth', async () => {
      const poll = await request(broadcast).get('/socket.io/?EIO=4&transport=polling').set('Origin', OWN);
      expect(poll.headers['access-control-allow-origin']).toBe(OWN);
      const auth = await request(broadcast).post('/auth').set('Origin', OWN);
      expect(auth.status).toBe(403);
      expect(auth.headers['access-control-allow-origin']).toBe(OWN);
      const preflight = await request(broadcast).options('/auth').set('Origin', OWN);
      expect(preflight.headers['access-control-allow-origin']).toBe(OWN);
    });

    it.each(['https://evil.example.net', 'null'])('gives the origin %s nothing', async (origin) => {
      const poll = await request(broadcast).get('/socket.io/?EIO=4&transport=polling').set('Origin', origin);
      expect(poll.headers['access-control-allow-origin']).toBeUndefined();
      const auth = await request(broadcast).post('/auth').set('Origin', origin);
      expect(auth.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await request(broadcast).options('/auth').set('Origin', origin);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('uploads on a default installation (DATA_DIR unset: ./.data)', () => {
  let t: TestApp;
  let owner: Staff;
  let folder: string | undefined;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: undefined as unknown as string });
    owner = await newBusiness(t);
  });
  afterAll(async () => {
    if (folder) await fs.rm(folder, { recursive: true, force: true });
    await t.close();
  });

  it('serves an uploaded logo from the dot folder, as an image', async () => {
    const dataDir = loadConfig({}).dataDir;
    expect(path.basename(dataDir)).toBe('.data');
    const up = await t.http().post('/business/update').set(owner.h).attach('logo', PNG, { filename: 'logo.png', contentType: 'image/png' });
    expect(up.status).toBe(200);
    expect(up.body.logo_url).toMatch(/^\/business\/uploads\//);
    folder = path.join(dataDir, 'uploads', owner.businessId);
    const res = await t.http().get(up.body.logo_url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
  });
});
