import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { Socket } from 'socket.io-client';
import { socketClients } from './support/sockets';
import type { PgEventStore } from '@tabour/eventstore';
import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { ChangeRelay } from '../apps/api/src/broadcast/change-relay';
import { EVENT_STORE } from '../apps/api/src/common/tokens';
import { waitFor } from './eventstore-support';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';

describe('broadcast channel', () => {
  let t: TestApp;
  let a: Staff;
  let b: Staff;
  let url: string;
  const clients = socketClients(() => url);
  const connect = clients.connect;
  const nextChange = (s: Socket, view: string, ms = 5000) =>
    new Promise<{ view: string; key: string; position: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${view} notice within ${ms} ms`)), ms);
      const on = (n: { view: string; key: string; position: number }) => {
        if (n.view !== view) return;
        clearTimeout(timer);
        s.off('change', on);
        resolve(n);
      };
      s.on('change', on);
    });

  beforeAll(async () => {
    t = await createTestApp();
    a = await newBusiness(t, 'A');
    b = await newBusiness(t, 'B');
    url = `http://127.0.0.1:${t.app.get(BroadcastService).port}`;
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  it('refuses a token that does not resolve', async () => {
    await expect(connect('not-a-token')).rejects.toThrow(/unauthorised/);
  });

  it('tells the business room of a change after commit, and no other business', async () => {
    const mine = await connect(a.token);
    const other = await connect(b.token);
    let leaked = false;
    other.on('change', () => (leaked = true));
    const heard = nextChange(mine, 'department');
    const res = await t.http().put('/business/department/create').set(a.h).send({ name: 'Radiology' });
    expect(res.status).toBe(201);
    const notice = await heard;
    expect(notice.key).toBe(`department-${res.body.id}`);
    expect(notice.position).toBeGreaterThan(0);
    // Let any stray notice arrive before concluding none did.
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(false);
  });

  it('relays an append that took a lower position but committed after a later one', async () => {
    const mine = await connect(a.token);
    const heard = new Map<string, { key: string; position: number }>();
    mine.on('change', (n: { key: string; position: number }) => heard.set(n.key, n));
    const late = `relaycheck-${randomUUID()}`;
    const early = `relaycheck-${randomUUID()}`;
    const actor = { type: 'system' as const, name: 'test' };
    // The late append takes its position first and stays uncommitted in a transaction of its own.
    const held = new Client({ connectionString: t.database.url });
    await held.connect();
    let latePosition: number;
    try {
      await held.query('BEGIN');
      const r = await held.query<{ positions: (string | number)[] }>(
        `SELECT positions FROM es_append($1, 'relaycheck', $2::uuid, 'no_stream', false, ARRAY[$3]::uuid[], ARRAY['RelayChecked'], ARRAY['{}']::jsonb[], ARRAY[$4]::jsonb[], now())`,
        [late, a.businessId, randomUUID(), JSON.stringify({ tenantId: a.businessId, actor, schemaVersion: 1 })],
      );
      latePosition = Number(r.rows[0].positions[0]);
      const second = await t.app
        .get<PgEventStore>(EVENT_STORE)
        .append(early, [{ type: 'RelayChecked', data: {} }], { tenantId: a.businessId, actor, expectedRevision: 'no_stream' });
      expect(second.position).toBeGreaterThan(latePosition);
      // The relay reads past the later position while the lower one is still uncommitted.
      await t.app.get(ChangeRelay).wake();
      expect(heard.has(late)).toBe(false);
      await held.query('COMMIT');
    } finally {
      await held.end();
    }
    await waitFor(() => heard.has(late) && heard.has(early), 'both notices', 5000);
    expect(heard.get(late)!.position).toBe(latePosition);
  });

  it('authorises a token at POST /auth on the broadcast port', async () => {
    const ok = await fetch(`${url}/auth`, { method: 'POST', headers: { Authorization: `Bearer ${a.token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ auth: true, kind: 'user' });
    const no = await fetch(`${url}/auth`, { method: 'POST' });
    expect(no.status).toBe(403);
  });
});
