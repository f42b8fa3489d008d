import { sql } from 'kysely';
import { Db, notFound } from '@tabour/platform';
import type { Queue, QueueSettings, ServerInstant, Summary } from '@tabour/contracts';
import { Paged, PageRequest } from '../../common/paging';
import { likePattern } from '../../common/like';
import { selectPage } from '../../common/paged-select';
import { counters } from './counters';

export type { Summary };

function present(q: {
  id: string;
  name: string;
  priority: number;
  settings: Record<string, unknown>;
  paused: boolean;
  delay_seconds: number;
  created_at: Date;
  updated_at: Date;
}): Queue<ServerInstant> {
  return {
    ...(q.settings as unknown as QueueSettings),
    id: q.id,
    name: q.name,
    priority: q.priority,
    paused: q.paused,
    delay_seconds: q.delay_seconds,
    created_at: q.created_at,
    updated_at: q.updated_at,
  };
}

export async function queueExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('queues').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
}

export async function queue(db: Db, tenantId: string, id: string): Promise<Queue<ServerInstant> & { summary: Summary }> {
  const q = await db.selectFrom('queues').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (!q) throw notFound();
  return { ...present(q), counters: await counters(db, tenantId, id), summary: (await summaries(db, tenantId, [id]))[id] };
}

export async function queueList(
  db: Db,
  tenantId: string,
  page: PageRequest,
  opts: { q?: string; summary?: boolean; serviceId?: string } = {},
): Promise<Paged<Queue<ServerInstant>>> {
  let base = db.selectFrom('queues').where('tenant_id', '=', tenantId);
  if (opts.q) base = base.where('name', 'ilike', likePattern(opts.q));
  if (opts.serviceId) base = base.where(sql<boolean>`settings->'service_ids' @> ${JSON.stringify([opts.serviceId])}::jsonb`);
  const found = await selectPage(base, (b) => b.selectAll().orderBy('priority', 'desc').orderBy('name').orderBy('id'), page, present);
  if (!opts.summary) return found;
  const sums = await summaries(
    db,
    tenantId,
    found.data.map((q) => q.id),
  );
  return { ...found, data: found.data.map((q) => ({ ...q, summary: sums[q.id] })) };
}

/** Waiting, in service and on hold counts, open counters and today's measured average wait. */
export async function summaries(db: Db, tenantId: string, ids: string[]): Promise<Record<string, Summary>> {
  const out: Record<string, Summary> = Object.fromEntries(
    ids.map((id) => [id, { waiting: 0, in_service: 0, on_hold: 0, open_counters: 0, counters: 0, average_wait_seconds: null, served_today: 0 }]),
  );
  if (!ids.length) return out;
  const live = await db
    .selectFrom('queue_tickets')
    .select(['queue_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('queue_id', 'in', ids)
    .where('archived_at', 'is', null)
    .groupBy(['queue_id', 'status'])
    .execute();
  for (const r of live) if (r.status in out[r.queue_id]) (out[r.queue_id] as unknown as Record<string, number>)[r.status] = Number(r.n);
  const open = await db
    .selectFrom('queue_counters')
    .select(['queue_id', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`count(*) FILTER (WHERE open)`.as('open')])
    .where('tenant_id', '=', tenantId)
    .where('queue_id', 'in', ids)
    .groupBy('queue_id')
    .execute();
  for (const r of open) Object.assign(out[r.queue_id], { counters: Number(r.n), open_counters: Number(r.open) });
  const waits = await db
    .selectFrom('queue_wait_predictions')
    .select(['queue_id', sql<string | null>`round(avg(actual_seconds))`.as('avg'), (eb) => eb.fn.count<string>('actual_seconds').as('n')])
    .where('tenant_id', '=', tenantId)
    .where('queue_id', 'in', ids)
    .where('called_at', '>=', sql<Date>`now() - interval '1 day'`)
    .groupBy('queue_id')
    .execute();
  for (const r of waits) Object.assign(out[r.queue_id], { average_wait_seconds: r.avg === null ? null : Number(r.avg), served_today: Number(r.n) });
  return out;
}
