import { sql } from 'kysely';
import type { PublicTicket, ServerInstant } from '@tabour/contracts';
import { businessFieldSql } from '@tabour/organisation';
import { Db } from '@tabour/platform';
import { estimateWait } from '@tabour/queues';
import { openCounters } from './counters';
import { dayOf } from './tickets';

/** The ticket behind a public link, with its queue, counter and business name joined in. */
function ticketByUid(db: Db, uid: string) {
  return (
    db
      .selectFrom('queue_tickets as t')
      .innerJoin('queues as q', 'q.id', 't.queue_id')
      .leftJoin('queue_counters as c', 'c.id', 't.counter_id')
      // The business's name heads the customer's page, as on the kiosk's ticket. Not its logo:
      // its address names the business's id, which a ticket link never reveals.
      .select([
        't.id',
        't.tenant_id',
        't.queue_id',
        't.uid',
        't.label',
        't.number',
        't.day',
        't.status',
        't.place',
        't.service_ids',
        't.checked_in_at',
        't.called_at',
        't.archived_at',
        't.late',
        't.urgent',
        't.feedback_stars',
        'q.name as queue_name',
        'q.settings',
        'q.paused',
        'q.delay_seconds',
        'q.service_time',
        'c.name as counter_name',
        businessFieldSql(sql.ref('t.tenant_id'), 'name').as('business_name'),
      ])
      .where('t.uid', '=', uid)
      .executeTakeFirst()
  );
}

type TicketRow = NonNullable<Awaited<ReturnType<typeof ticketByUid>>>;

/**
 * A waiting ticket's rank and estimated wait; none for a ticket no longer waiting. The rank
 * counts the customers called before this one (callPosition): urgent tickets first, then rank order.
 */
async function placeInLine(db: Db, t: TicketRow): Promise<{ rank: number | null; estimate: number | null }> {
  if (t.status !== 'waiting') return { rank: null, estimate: null };
  const [{ ahead }] = await db
    .selectFrom('queue_tickets')
    .select((eb) => eb.fn.countAll<string>().as('ahead'))
    .where('tenant_id', '=', t.tenant_id)
    .where('queue_id', '=', t.queue_id)
    .where('status', '=', 'waiting')
    .where((eb) => (t.urgent ? eb.and([eb('urgent', '=', true), eb('place', '<', t.place!)]) : eb.or([eb('urgent', '=', true), eb('place', '<', t.place!)])))
    .execute();
  const rank = Number(ahead) + 1;
  const estimate = estimateWait({
    rank,
    open_counters: await openCounters(db, t.tenant_id, t.queue_id),
    service_time: t.service_time ?? {},
    service_ids: t.service_ids,
    delay_seconds: t.delay_seconds,
  });
  return { rank, estimate };
}

/**
 * What a ticket's public link shows, and nothing more: no name, phone or note of anyone,
 * only this ticket's place in its queue.
 */
export async function publicTicket(
  db: Db,
  uid: string,
): Promise<{ internal: { ticket_id: string; tenant_id: string; queue_id: string }; view: PublicTicket<ServerInstant> } | null> {
  const t = await ticketByUid(db, uid);
  if (!t) return null;
  const { rank, estimate } = await placeInLine(db, t);
  const translations = ((t.settings as { translations?: Record<string, { name: string }> }).translations ?? {}) as Record<string, { name: string }>;
  return {
    internal: { ticket_id: t.id, tenant_id: t.tenant_id, queue_id: t.queue_id },
    view: {
      uid: t.uid,
      label: t.label,
      number: t.number,
      day: dayOf(t.day),
      status: t.status,
      rank,
      ahead: rank === null ? null : rank - 1,
      estimated_wait_seconds: estimate,
      business: { name: t.business_name ?? null },
      queue: {
        id: t.queue_id,
        name: t.queue_name,
        translations: Object.fromEntries(Object.entries(translations).map(([k, v]) => [k, { name: v.name }])),
        paused: t.paused,
        delay_seconds: t.delay_seconds,
      },
      counter_name: t.status === 'in_service' ? t.counter_name : null,
      checked_in_at: t.checked_in_at,
      called_at: t.called_at,
      archived_at: t.archived_at,
      late: t.late,
      feedback_given: t.feedback_stars !== null,
    },
  };
}
