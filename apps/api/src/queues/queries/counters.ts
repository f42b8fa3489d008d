import type { Counter, ServerInstant } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';

export async function counters(db: Db, tenantId: string, queueId?: string): Promise<Counter<ServerInstant>[]> {
  let rows = db
    .selectFrom('queue_counters as c')
    .leftJoin('queue_tickets as t', 't.id', 'c.serving_ticket_id')
    .select([
      'c.id',
      'c.queue_id',
      'c.name',
      'c.break_minutes',
      'c.service_ids',
      'c.open',
      'c.held_by',
      'c.serving_ticket_id',
      'c.opened_at',
      'c.updated_at',
      't.label as serving_label',
    ])
    .where('c.tenant_id', '=', tenantId);
  if (queueId) rows = rows.where('c.queue_id', '=', queueId);
  return (await rows.orderBy('c.name').orderBy('c.id').execute()).map((c) => ({ ...c, status: c.open ? 'open' : 'closed' }));
}

export async function counter(db: Db, tenantId: string, queueId: string, counterId: string): Promise<Counter<ServerInstant>> {
  const c = (await counters(db, tenantId, queueId)).find((x) => x.id === counterId);
  if (!c) throw notFound('Counter not found');
  return c;
}

/** The counter the member holds open, in any queue of the business. */
export async function heldCounter(db: Db, tenantId: string, memberId: string) {
  return (
    (await db
      .selectFrom('queue_counters')
      .select(['id', 'queue_id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('held_by', '=', memberId)
      .where('open', '=', true)
      .executeTakeFirst()) ?? null
  );
}

export async function openCounters(db: Db, tenantId: string, queueId: string): Promise<number> {
  const r = await db
    .selectFrom('queue_counters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('queue_id', '=', queueId)
    .where('open', '=', true)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
