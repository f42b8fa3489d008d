import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { SessionService } from '../apps/api/src/accounts/sessions.service';
import { apiCaller, openDesks, registerOwner, type ApiCall } from './api';

export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 20 ms until it holds; past `timeoutMs` the run fails, naming `what` it waited for. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export interface CallingDesks {
  /** The API's address. */
  base: string;
  call: ApiCall;
  owner: string;
  tenantId: string;
  queueId: string;
  /** One a desk, for the load client's paced run: its member's token and its "call next". */
  agents: { token: string; path: string; body: { counter_id: string } }[];
}

/**
 * The set-up of a paced "call next" run: the app listening on a free port, a business of its
 * own, one queue (Accueil, prefix A) and `desks` members each at an open counter of it.
 */
export async function callingDesks(app: INestApplication, businessName: string, desks: number): Promise<CallingDesks> {
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const call = apiCaller(() => base);
  const { owner, tenantId } = await registerOwner(base, businessName, 'FR');
  const queue = (await call('PUT', '/business/queue/create', owner, { name: 'Accueil', ticket_prefix: 'A', counters: [] })) as { id: string };
  const sessions = app.get(SessionService);
  const open = await openDesks(call, (m) => sessions.open(m, null), owner, tenantId, queue.id, desks);
  const agents = open.map((d) => ({ token: d.token, path: `/business/queue/${queue.id}/call`, body: { counter_id: d.counter } }));
  return { base, call, owner, tenantId, queueId: queue.id, agents };
}
