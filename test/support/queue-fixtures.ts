import { sql } from 'kysely';
import { queueInvariantErrors } from '@tabour/queues';
import { QueueRunner } from '../../apps/api/src/queues/runner';
import type { TestApp } from './app';
import type { Staff } from './organisation-fixtures';

/** A queue made through the API, with counters named as given. */
export async function newQueue(t: TestApp, by: Staff, fields: Record<string, unknown> = {}, counters: string[] = ['Desk 1']) {
  const res = await t
    .http()
    .put('/business/queue/create')
    .set(by.h)
    .send({ name: `Queue ${Math.random().toString(36).slice(2, 7)}`, ticket_prefix: 'A', ...fields, counters: counters.map((name) => ({ name })) });
  if (res.status !== 201) throw new Error(`queue/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; counters: { id: string; name: string }[] } & Record<string, unknown>;
}

export async function pushTicket(t: TestApp, by: Staff, queueId: string, body: Record<string, unknown> = {}) {
  const res = await t.http().put(`/business/queue/${queueId}/push`).set(by.h).send(body);
  if (res.status !== 201) throw new Error(`push answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; uid: string; label: string; rank: number } & Record<string, unknown>;
}

export async function openCounter(t: TestApp, by: Staff, queueId: string, counterId: string) {
  const res = await t.http().post(`/business/queue/${queueId}/counter/${counterId}/open`).set(by.h);
  if (res.status !== 200) throw new Error(`counter open answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * The consistency check run after every scenario: the queue folded afresh from its events
 * keeps its invariants (no ticket in two places, no counter serving two tickets, ranks
 * without holes), and the read tables say exactly what the events say.
 */
export async function queueProblems(t: TestApp, tenantId: string, queueId: string): Promise<string[]> {
  const { state } = await t.app.get(QueueRunner).load(queueId);
  const problems = queueInvariantErrors(state).map((e) => `state: ${e}`);
  const db = t.database.db;
  const rows = await sql<{ id: string; status: string; counter_id: string | null; place: number | null }>`
    SELECT id, status, counter_id, place FROM queue_tickets WHERE tenant_id = ${tenantId} AND queue_id = ${queueId} AND archived_at IS NULL ORDER BY place NULLS LAST, id`.execute(
    db,
  );
  const waiting = rows.rows.filter((r) => r.status === 'waiting').map((r) => r.id);
  if (JSON.stringify(waiting) !== JSON.stringify(state.waiting)) problems.push(`waiting list differs: read ${waiting.length}, events ${state.waiting.length}`);
  const live = new Set(state.tickets.keys());
  for (const r of rows.rows) {
    const s = state.tickets.get(r.id)!;
    if (!s) problems.push(`ticket ${r.id} open in the read model but not in the queue`);
    else if (s.status !== r.status) problems.push(`ticket ${r.id} is ${r.status} in the read model, ${s.status} in the queue`);
    else if (r.status === 'in_service' && s.counter_id !== r.counter_id) problems.push(`ticket ${r.id} at another counter in the read model`);
    live.delete(r.id);
  }
  for (const id of live) problems.push(`ticket ${id} missing from the read model`);
  const counters = await sql<{ id: string; open: boolean; held_by: string | null; serving_ticket_id: string | null }>`
    SELECT id, open, held_by, serving_ticket_id FROM queue_counters WHERE tenant_id = ${tenantId} AND queue_id = ${queueId}`.execute(db);
  const serving = new Set<string>();
  for (const c of counters.rows) {
    const s = state.counters[c.id];
    if (!s) problems.push(`counter ${c.id} not in the queue`);
    else if (s.open !== c.open || s.held_by !== c.held_by || s.serving !== c.serving_ticket_id)
      problems.push(`counter ${c.id} differs between read model and queue`);
    if (c.serving_ticket_id) {
      if (serving.has(c.serving_ticket_id)) problems.push(`ticket ${c.serving_ticket_id} at two counters`);
      serving.add(c.serving_ticket_id);
    }
  }
  if (counters.rows.length !== Object.keys(state.counters).length) problems.push('counter count differs');
  const q = await sql<{
    service_time: Record<string, number>;
    paused: boolean;
    delay_seconds: number;
  }>`SELECT service_time, paused, delay_seconds FROM queues WHERE tenant_id = ${tenantId} AND id = ${queueId}`.execute(db);
  const sortedJson = (o: object | undefined) => JSON.stringify(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  if (sortedJson(q.rows[0]?.service_time) !== sortedJson(state.service_time))
    problems.push(`service times differ: read ${JSON.stringify(q.rows[0]?.service_time)}, events ${JSON.stringify(state.service_time)}`);
  if (q.rows[0]?.paused !== state.paused || q.rows[0]?.delay_seconds !== state.delay_seconds) problems.push('pause or delay differs');
  return problems;
}
