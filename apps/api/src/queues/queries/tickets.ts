import { customerCardsOf } from '@tabour/customers';
import { Db, notFound } from '@tabour/platform';
import { TICKET_COLUMNS, type ServerInstant, type Ticket } from '@tabour/contracts';

/** The columns of a ticket's read, from the one definition of a ticket's view (libs/contracts). */
export { TICKET_COLUMNS };

export const dayOf = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** A ticket's row as the API answers it: the day as YYYY-MM-DD whatever the driver gave. */
export function ticket<T extends { day: string | Date }>(t: T) {
  return { ...t, day: dayOf(t.day) };
}

/**
 * A ticket of a registered customer carries only the customer's id: the name is read from the
 * customer's record, so erasing the customer (crypto-shredding, docs/customers.md) leaves no
 * name in the queue's events or screens. A name typed at the desk stays on the ticket.
 */
export async function withNames<T extends { customer_id: string | null; customer_name: string | null }>(db: Db, tenantId: string, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.filter((r) => r.customer_id && !r.customer_name).map((r) => r.customer_id!))];
  if (!ids.length) return rows;
  const found = await customerCardsOf(db, tenantId, ids);
  const names = new Map(found.map((c) => [c.id, [c.first_name, c.last_name].filter(Boolean).join(' ') || null]));
  return rows.map((r) => (r.customer_id && !r.customer_name ? { ...r, customer_name: names.get(r.customer_id) ?? null } : r));
}

export async function ticketOfQueue(db: Db, tenantId: string, queueId: string, ticketId: string): Promise<Ticket<ServerInstant>> {
  const row = await db
    .selectFrom('queue_tickets')
    .select(TICKET_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('queue_id', '=', queueId)
    .where('id', '=', ticketId)
    .executeTakeFirst();
  if (!row) throw notFound('Ticket not found');
  return ticket((await withNames(db, tenantId, [row]))[0]);
}

export async function ticketAnyQueue(db: Db, tenantId: string, ticketId: string): Promise<Ticket<ServerInstant>> {
  const row = await db.selectFrom('queue_tickets').select(TICKET_COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', ticketId).executeTakeFirst();
  if (!row) throw notFound('Ticket not found');
  return ticket(row);
}

/** The queue a ticket's link belongs to now (a redirect moves it). */
export async function queueOfTicket(db: Db, uid: string): Promise<string | null> {
  const row = await db.selectFrom('queue_tickets').select('queue_id').where('uid', '=', uid).executeTakeFirst();
  return row?.queue_id ?? null;
}
