import { Db } from '@tabour/platform';
import { PageRequest } from '../../common/paging';
import { selectPage } from '../../common/paged-select';
import { ticket, withNames } from './tickets';

export interface FeedbackFilters {
  queue_id?: string;
  stars?: number;
  customer_id?: string;
  ticket_id?: string;
  from?: string;
  to?: string;
}

/** Feedback left through ticket links, newest first: the /feedback screen and the customer's page. */
export async function feedback(db: Db, tenantId: string, page: PageRequest, f: FeedbackFilters) {
  let base = db
    .selectFrom('queue_tickets as t')
    .leftJoin('queues as q', 'q.id', 't.queue_id')
    .where('t.tenant_id', '=', tenantId)
    .where('t.feedback_stars', 'is not', null);
  if (f.ticket_id) base = base.where('t.id', '=', f.ticket_id);
  if (f.from) base = base.where('t.day', '>=', f.from);
  if (f.to) base = base.where('t.day', '<=', f.to);
  if (f.queue_id) base = base.where('t.queue_id', '=', f.queue_id);
  if (f.stars) base = base.where('t.feedback_stars', '=', f.stars);
  if (f.customer_id) base = base.where('t.customer_id', '=', f.customer_id);
  const found = await selectPage(
    base,
    (b) =>
      b
        .select([
          't.id',
          't.queue_id',
          'q.name as queue_name',
          't.label',
          't.customer_id',
          't.customer_name',
          't.feedback_stars as stars',
          't.feedback_text as text',
          't.day',
          't.archived_at',
          't.updated_at',
        ])
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id'),
    page,
  );
  return { ...found, data: (await withNames(db, tenantId, found.data)).map(ticket) };
}
