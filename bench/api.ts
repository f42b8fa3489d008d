import { randomUUID } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import type { Database } from '@tabour/platform';

export type ApiCall = (method: string, path: string, token: string | null, body?: unknown) => Promise<unknown>;

/**
 * JSON calls to the server under test from the bench's own process, a null token for the calls
 * made before a login; an error answer throws.
 * `base` is read at each call: a suite that restarts its server listens on a new port.
 */
export function apiCaller(base: () => string): ApiCall {
  return async (method, path, token, body) => {
    const res = await fetch(base() + path, {
      method,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };
}

/** Registers a business (approved at once outside production) and logs its owner in. */
export async function registerOwner(base: string, businessName: string, country: string): Promise<{ owner: string; tenantId: string }> {
  const email = `bench.${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Str0ng!Pass';
  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/business/account/register', {
    business_name: businessName,
    first_name: 'B',
    last_name: 'B',
    email,
    password,
    password_confirmation: password,
    terms: true,
    country,
  });
  const login = (await (await post('/business/account/auth', { email, password, ip: '' })).json()) as { token: string; business: { id: string } };
  return { owner: login.token, tenantId: login.business.id };
}

/**
 * `n` Front Desk members, each logged in (a session opened directly: no captcha, no password
 * round) and holding an open counter of its own on the queue, named Desk 0…n-1.
 */
export async function openDesks(
  call: ApiCall,
  openSession: (member: { id: string; tenant_id: string }) => Promise<{ token: string }>,
  owner: string,
  tenantId: string,
  queueId: string,
  n: number,
): Promise<{ token: string; counter: string }[]> {
  const desks: { token: string; counter: string }[] = [];
  for (let i = 0; i < n; i++) {
    const m = (await call('POST', '/business/team/create', owner, {
      first_name: 'Agent',
      last_name: `${i}`,
      email: `agent${i}.${randomUUID().slice(0, 6)}@example.test`,
      position: 'Front Desk',
    })) as { id: string };
    const { token } = await openSession({ id: m.id, tenant_id: tenantId });
    const c = (await call('PUT', `/business/queue/${queueId}/counter/create`, owner, { name: `Desk ${i}` })) as { id: string };
    await call('POST', `/business/queue/${queueId}/counter/${c.id}/open`, token);
    desks.push({ token, counter: c.id });
  }
  return desks;
}

/**
 * A seeded history counts as handled by every subscription, as a year of operation would have
 * left it: their checkpoints at the log's head. Without it, the projections that read the whole
 * log (statistics, the messages reactor) would be catching up on it during the measurements.
 * `except` names the ones a suite lets read the history, for the read model it measures.
 */
export async function historyHandled(db: Kysely<Database>, except: string[] = []): Promise<void> {
  await sql`
    UPDATE es_checkpoints SET transaction_id = head.transaction_id, position = head.position, updated_at = now()
    FROM (SELECT transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1) head
    WHERE NOT (name = ANY(${except}::text[]))`.execute(db);
}

/** Until the subscription's checkpoint reaches the log's head. */
export async function caughtUp(db: Kysely<Database>, name: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await sql<{ done: boolean }>`
      SELECT (c.transaction_id, c.position) >= (e.transaction_id, e.position) AS done
      FROM es_checkpoints c, (SELECT transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1) e
      WHERE c.name = ${name}`.execute(db);
    if (r.rows[0]?.done) return;
    if (Date.now() > end) throw new Error(`${name} did not catch up with the log in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
