import { sql, type RawBuilder } from 'kysely';
import { DateTime } from 'luxon';
import { Db, invalid } from '@tabour/platform';
import type { ActivityQuery } from './activity.dto';

/** One row of the event store as the log reads it. */
export interface EventRow {
  position: number;
  stream_id: string;
  category: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: { actor?: { type: string; id?: string; name?: string }; correlationId?: string };
  recorded_at: Date;
}

/** The kinds of actor a reader filters by, as the store's metadata names them. */
const ACTOR_KINDS: Record<string, string> = {
  staff: 'user',
  kiosk: 'kiosk',
  display: 'display',
  customer_link: 'customer_link',
  sms: 'customer_link',
  system: 'system',
};

/**
 * A bare date is a whole day of the business's calendar: `from` its first instant, `to` its
 * last, so "to 24 Nov" keeps what happened that afternoon.
 */
export async function dayBounds(q: ActivityQuery, zoneOf: () => Promise<string>): Promise<ActivityQuery> {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!(q.from && day.test(q.from)) && !(q.to && day.test(q.to))) return q;
  const zone = await zoneOf();
  const at = (d: string, end: boolean) => {
    const local = DateTime.fromISO(d, { zone });
    return (end ? local.endOf('day') : local.startOf('day')).toUTC().toISO()!;
  };
  return { ...q, from: q.from && day.test(q.from) ? at(q.from, false) : q.from, to: q.to && day.test(q.to) ? at(q.to, true) : q.to };
}

/**
 * A record's whole timeline: its own stream and the events of other streams that name it (a
 * ticket in its queue's stream, a customer's tickets and bookings). Known records are read
 * through their streams, so the (stream_id, revision) index bounds the scan; an id the read
 * tables do not know is looked for in every event of the business.
 */
export async function recordScope(db: Db, tenantId: string, recordId: string): Promise<RawBuilder<unknown>> {
  const id = recordId.toLowerCase();
  const naming = (ids: string[]) =>
    sql`(data->>'ticket_id' = ANY(${ids}::text[]) OR data->'ticket'->>'id' = ANY(${ids}::text[]) OR data->>'ticket_1' = ANY(${ids}::text[]) OR data->>'ticket_2' = ANY(${ids}::text[]))`;
  const ticket = await db.selectFrom('queue_tickets').select('queue_id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (ticket) return sql`stream_id IN (${'queue-' + ticket.queue_id}, ${'ticketfeedback-' + id}) AND ${naming([id])}`;
  const booking = await db.selectFrom('bookings').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (booking) return sql`stream_id = ${'booking-' + id}`;
  const customer = await sql`SELECT 1 FROM es_streams WHERE stream_id = ${'customer-' + id} AND tenant_id = ${tenantId}`.execute(db);
  if (customer.rows.length) {
    const tickets = await db.selectFrom('queue_tickets').select(['id', 'queue_id']).where('tenant_id', '=', tenantId).where('customer_id', '=', id).execute();
    const bookings = await db.selectFrom('bookings').select('id').where('tenant_id', '=', tenantId).where('customer_id', '=', id).execute();
    const own = [`customer-${id}`, ...bookings.map((b) => `booking-${b.id}`), ...tickets.map((t) => `ticketfeedback-${t.id}`)];
    const queues = [...new Set(tickets.map((t) => `queue-${t.queue_id}`))];
    return sql`(stream_id = ANY(${own}::text[]) OR (stream_id = ANY(${queues}::text[]) AND ${naming(tickets.map((t) => t.id))}))`;
  }
  return sql`(stream_id LIKE ${'%-' + id} OR ${naming([id])} OR data->>'booking_id' = ${id} OR data->>'customer_id' = ${id}
      OR data->'ticket'->>'customer_id' = ${id} OR data->>'request_id' = ${id})`;
}

/** The WHERE clause of a query on the log: the business, then each filter the reader chose. */
export function eventFilter(tenantId: string, q: ActivityQuery, scope: RawBuilder<unknown> | null): RawBuilder<unknown> {
  if (q.from && q.to && new Date(q.from) > new Date(q.to)) throw invalid('from must be before to', { from: ['from must be before to'] });
  const filters = [sql`tenant_id = ${tenantId}`];
  if (q.type) filters.push(sql`event_type = ANY(${q.type.split(',')}::text[])`);
  if (q.category) filters.push(sql`category = ${q.category}`);
  if (q.stream_id) filters.push(sql`stream_id = ${q.stream_id}`);
  if (scope) filters.push(scope);
  if (q.actor_id) filters.push(sql`metadata->'actor'->>'id' = ${q.actor_id}`);
  if (q.actor_kind) {
    filters.push(sql`coalesce(metadata->'actor'->>'type', 'system') = ${ACTOR_KINDS[q.actor_kind]}`);
    if (q.actor_kind === 'sms') filters.push(sql`metadata->'actor'->>'name' = 'SMS'`);
  }
  if (q.from) filters.push(sql`recorded_at >= ${new Date(q.from)}`);
  if (q.to) filters.push(sql`recorded_at <= ${new Date(q.to)}`);
  return sql.join(filters, sql` AND `);
}
