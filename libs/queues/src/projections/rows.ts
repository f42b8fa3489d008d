import { sql } from 'kysely';
import type { ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { Ticket } from '../queue';

/** The tickets' rows and their places in the waiting list. */

export type Db = ProjectionDb<Database>;
export const json = (v: unknown) => JSON.stringify(v ?? null);

const SPACING = 1024;
const waitingOf = (db: Db, tenant: string, queue: string) =>
  db.selectFrom('queue_tickets').where('tenant_id', '=', tenant).where('queue_id', '=', queue).where('status', '=', 'waiting');

/**
 * The place that puts a ticket at `rank` among the other waiting tickets of the queue: before
 * the first, after the last, or midway between two neighbours. Only the ticket placed is
 * written, so calling the head of a long list touches one row.
 */
export async function placeFor(db: Db, tenant: string, queue: string, ticketId: string, rank: number): Promise<number> {
  const others = () => waitingOf(db, tenant, queue).where('id', '<>', ticketId);
  if (rank <= 1) {
    const first = await others().select('place').orderBy('place').limit(1).executeTakeFirst();
    return first ? first.place! - SPACING : SPACING;
  }
  const around = await others()
    .select('place')
    .orderBy('place')
    .offset(rank - 2)
    .limit(2)
    .execute();
  if (around.length === 0) {
    const last = await others().select('place').orderBy('place', 'desc').limit(1).executeTakeFirst();
    return last ? last.place! + SPACING : SPACING;
  }
  if (around.length === 1) return around[0].place! + SPACING;
  const [a, b] = [around[0].place!, around[1].place!];
  const mid = (a + b) / 2;
  if (mid > a && mid < b) return mid;
  // Doubles have no room left between these two: spread the whole list out again, then retry.
  await sql`UPDATE queue_tickets t SET place = o.n * ${SPACING}
    FROM (SELECT id, row_number() OVER (ORDER BY place) AS n FROM queue_tickets
          WHERE tenant_id = ${tenant} AND queue_id = ${queue} AND status = 'waiting' AND id <> ${ticketId}) o
    WHERE t.id = o.id`.execute(db);
  return placeFor(db, tenant, queue, ticketId, rank);
}

/**
 * A ticket that joins the end of the list (pushed, redirected in, restored: the decider always
 * ranks these last) gets its event's position as its place: positions only grow, and every
 * other place is at most the position of the event that set it, so this one sorts after all
 * of them without reading the list, and a rebuild gives it the same place.
 */
export const tailPlace = (position: number) => position * SPACING;

export function ticketRow(tenant: string, queue: string, t: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>, place: number, at: Date) {
  return {
    tenant_id: tenant,
    queue_id: queue,
    uid: t.uid,
    number: t.number,
    label: t.label,
    day: t.day,
    status: 'waiting',
    place,
    urgent: t.urgent,
    late: t.late,
    service_ids: json(t.service_ids),
    member_id: t.member_id,
    customer_id: t.customer_id,
    customer_name: t.customer_name,
    counter_id: null,
    checked_in_at: t.checked_in_at,
    booking_id: t.booking_id ?? null,
    called_at: null,
    archived_at: null,
    service_seconds: t.service_seconds,
    updated_at: at,
  };
}

export async function insertTicket(
  db: Db,
  tenant: string,
  queue: string,
  t: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>,
  place: number,
  estimate: number | null,
  at: Date,
) {
  const row = {
    ...ticketRow(tenant, queue, t, place, at),
  };
  await db
    .insertInto('queue_tickets')
    .values({ id: t.id, ...row, estimated_wait_seconds: estimate, notes: '[]' })
    // A redirected or restored ticket keeps its row (notes, feedback) and moves here.
    .onConflict((oc) => oc.column('id').doUpdateSet(estimate === null ? row : { ...row, estimated_wait_seconds: estimate }))
    .execute();
}
