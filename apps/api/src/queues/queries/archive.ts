import { ARCHIVE_STATUSES, type ArchiveStatus, type List, type Page, type ServerInstant, type Ticket } from '@tabour/contracts';
import { customerIdsNamedLike } from '@tabour/customers';
import { Db, notFound } from '@tabour/platform';
import { PageRequest } from '../../common/paging';
import { likePattern } from '../../common/like';
import { selectPage } from '../../common/paged-select';
import { queueExists } from './queue';
import { ticket, TICKET_COLUMNS, withNames } from './tickets';

export { ARCHIVE_STATUSES };

export interface ArchiveFilters {
  status?: ArchiveStatus;
  from?: string;
  to?: string;
  q?: string;
}

export async function archive(db: Db, tenantId: string, queueId: string, page: PageRequest, f: ArchiveFilters): Promise<Page<Ticket<ServerInstant>>> {
  if (!(await queueExists(db, tenantId, queueId))) throw notFound();
  let base = db.selectFrom('queue_tickets').where('tenant_id', '=', tenantId).where('queue_id', '=', queueId).where('archived_at', 'is not', null);
  if (f.status) base = base.where('status', '=', f.status);
  if (f.from) base = base.where('day', '>=', f.from);
  if (f.to) base = base.where('day', '<=', f.to);
  if (f.q) {
    const pattern = likePattern(f.q);
    const named = customerIdsNamedLike(db, tenantId, pattern);
    base = base.where((eb) => eb.or([eb('label', 'ilike', pattern), eb('customer_name', 'ilike', pattern), eb('customer_id', 'in', named)]));
  }
  const found = await selectPage(base, (b) => b.select(TICKET_COLUMNS).orderBy('archived_at', 'desc').orderBy('id'), page);
  return { ...found, data: (await withNames(db, tenantId, found.data)).map(ticket) };
}

/** Tickets a past day left open: still waiting, in service or on hold after their day ended. */
export async function damaged(db: Db, tenantId: string, today: string, queueId?: string): Promise<List<Ticket<ServerInstant> & { queue_name: string }>> {
  let rows = db
    .selectFrom('queue_tickets as t')
    .innerJoin('queues as q', 'q.id', 't.queue_id')
    .select(TICKET_COLUMNS.map((c) => `t.${c}` as const))
    .select('q.name as queue_name')
    .where('t.tenant_id', '=', tenantId)
    .where('t.archived_at', 'is', null)
    .where('t.day', '<', today);
  if (queueId) rows = rows.where('t.queue_id', '=', queueId);
  const data = (await withNames(db, tenantId, await rows.orderBy('t.day').orderBy('t.checked_in_at').execute())).map((r) => ({
    ...ticket(r),
    queue_name: r.queue_name,
  }));
  return { data, total: data.length };
}

/** Queues with tickets still open, with the oldest such ticket's day, across every business: the day-end job's work list. */
export async function queuesWithOpenTickets(db: Db) {
  return db
    .selectFrom('queue_tickets')
    .select(['tenant_id', 'queue_id', (eb) => eb.fn.min<string>('day').as('oldest')])
    .where('archived_at', 'is', null)
    .groupBy(['tenant_id', 'queue_id'])
    .execute();
}
