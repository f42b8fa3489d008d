import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io, Socket } from 'socket.io-client';
import { SessionService } from '../../apps/api/src/accounts/sessions.service';
import { BroadcastService } from '../../apps/api/src/broadcast/broadcast.service';
import { apiCaller, registerOwner } from '../api';
import { benchApp } from '../app';
import { BenchContext, BenchSuite, percentile } from '../harness';

const CLIENTS = 500;
const INTERVAL_MS = 100;

/**
 * The customer's side of a busy hall: display screens and customers' ticket pages, 500 in
 * all, connected to the broadcast channel while an agent calls a ticket every 100 ms. Each
 * call's notice must reach every client; the figure is the time from sending the call to a
 * client's receipt, over every client and every call.
 */
async function run(ctx: BenchContext): Promise<void> {
  const calls = Math.max(30, Math.round(200 * Math.min(1, ctx.scale * 4)));
  const { url, db } = await ctx.createDatabase(2);
  const app = await benchApp(url, { DAY_END_JOB: 'off' });
  const sockets: Socket[] = [];
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const call = apiCaller(() => base);
    const { owner, tenantId } = await registerOwner(base, 'Bench Hall', 'TN');

    const queue = (await call('PUT', '/business/queue/create', owner, { name: 'Hall', ticket_prefix: 'H', counters: [{ name: 'Desk 1' }] })) as {
      id: string;
      counters: { id: string }[];
    };
    const member = (await call('POST', '/business/team/create', owner, {
      first_name: 'Agent',
      last_name: 'One',
      email: `agent.${randomUUID().slice(0, 6)}@example.test`,
      position: 'Front Desk',
    })) as { id: string };
    const agent = (await app.get(SessionService).open({ id: member.id, tenant_id: tenantId }, null)).token;
    await call('POST', `/business/queue/${queue.id}/counter/${queue.counters[0].id}/open`, agent);

    // Half the clients are display screens (ten displays, each shown on 25 screens), half are
    // the pages of tickets waiting in the queue.
    const displays: string[] = [];
    for (let i = 0; i < 10; i++) {
      const d = (await call('POST', '/business/display/create', owner, { name: `Screen ${i}`, queue_ids: [queue.id] })) as { key: string; secret: string };
      for (let s = 0; s < CLIENTS / 2 / 10; s++)
        displays.push(((await call('POST', '/display/auth', null, { key: d.key, secret: d.secret })) as { token: string }).token);
    }
    const uids: string[] = [];
    for (let i = 0; i < CLIENTS / 2 + calls; i++)
      uids.push(((await call('PUT', `/business/queue/${queue.id}/push`, owner, { customer_name: `Guest ${i}` })) as { uid: string }).uid);

    const port = app.get(BroadcastService).port!;
    // Each client's receipts as (position of the notice, time); matched to calls afterwards by
    // the position of each call's last event, so a late notice is never credited to a later call.
    const receipts: [number, bigint][][] = Array.from({ length: CLIENTS }, () => []);
    const connect = (auth: Record<string, string>, kind: string, id: string, index: number) => {
      const s = io(`http://127.0.0.1:${port}`, { auth, transports: ['websocket'], forceNew: true });
      sockets.push(s);
      s.on('change', (n: { key: string; position: number }) => {
        if (n.key === `queue-${queue.id}`) receipts[index].push([Number(n.position), process.hrtime.bigint()]);
      });
      return new Promise<void>((resolve, reject) => {
        s.once('connect_error', reject);
        s.once('connect', () =>
          s.emit('subscribe', { kind, id }, (ack: { ok: boolean }) => (ack.ok ? resolve() : reject(new Error(`could not join ${kind}`)))),
        );
      });
    };
    await Promise.all([
      ...displays.map((token, i) => connect({ token }, 'queue', queue.id, i)),
      // The pages of the tickets at the back of the list: they stay waiting through every call.
      ...uids.slice(-(CLIENTS / 2)).map((uid, i) => connect({}, 'ticket', uid, CLIENTS / 2 + i)),
    ]);
    ctx.log(`displays: ${sockets.length} clients connected (${displays.length} display screens, ${CLIENTS / 2} ticket pages)`);

    // One call every 100 ms, whatever the previous call's notice is doing.
    for (const r of receipts) r.length = 0;
    const sent: { at: bigint; position: number }[] = [];
    for (let k = 0; k < calls; k++) {
      const started = Date.now();
      const at = process.hrtime.bigint();
      await call('POST', `/business/queue/${queue.id}/call`, agent, { counter_id: queue.counters[0].id });
      const position = Number(
        (await sql<{ p: string }>`SELECT max(position) AS p FROM es_events WHERE stream_id = ${`queue-${queue.id}`}`.execute(db)).rows[0].p,
      );
      sent.push({ at, position });
      const wait = INTERVAL_MS - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    // Late notices of the last calls still count.
    await new Promise((r) => setTimeout(r, 1000));
    const latencies: number[] = [];
    let lost = 0;
    for (const mine of receipts) {
      const byPosition = new Map(mine.map(([p, t]) => [p, t]));
      for (const c of sent) {
        const t = byPosition.get(c.position);
        if (t === undefined) lost++;
        else latencies.push(Number(t - c.at) / 1e6);
      }
    }
    latencies.sort((a, b) => a - b);
    ctx.report(`displays.notice.clients${CLIENTS}.every${INTERVAL_MS}ms.p50`, percentile(latencies, 50), 'ms');
    ctx.report(`displays.notice.clients${CLIENTS}.every${INTERVAL_MS}ms.p95`, percentile(latencies, 95), 'ms', { op: '<=', value: 150 });
    ctx.report(`displays.notice.clients${CLIENTS}.lost`, lost, 'notices', { op: '<=', value: 0 });
  } finally {
    for (const s of sockets) s.close();
    await app.close();
  }
}

export const suite: BenchSuite = { name: 'displays', run };
