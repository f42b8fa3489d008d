import { sql } from 'kysely';
import type { RecordOf } from '@tabour/eventstore';
import type { FeedbackEvent } from '../feedback';
import { LEAVING, type QueueEvent } from '../queue';
import { type Db, insertTicket, json, placeFor, tailPlace } from './rows';

export type Rec = RecordOf<QueueEvent | FeedbackEvent>;

/**
 * What a handler changes: its business's queue at the event's time, and updates of the
 * business's rows by id (the tenant is always part of the match).
 */
export function rowOf(db: Db, tenant: string, q: string, at: Date) {
  return {
    db,
    tenant,
    q,
    at,
    ticket: (id: string) => db.updateTable('queue_tickets').where('tenant_id', '=', tenant).where('id', '=', id),
    counter: (id: string) => db.updateTable('queue_counters').where('tenant_id', '=', tenant).where('id', '=', id),
    queue: () => db.updateTable('queues').where('tenant_id', '=', tenant).where('id', '=', q),
  };
}
export type Row = ReturnType<typeof rowOf>;

type Handlers = { [T in Rec['type']]?: (row: Row, e: Rec & { type: T }) => Promise<void> };

const pausedOrResumed = async ({ at, queue }: Row, e: Rec & { type: 'QueuePaused' | 'QueueResumed' }) => {
  await queue()
    .set({ paused: e.type === 'QueuePaused', updated_at: at })
    .execute();
};

const joinedAtTheEnd = async ({ db, tenant, q, at }: Row, e: Rec & { type: 'TicketRedirectedIn' | 'TicketRestored' }) => {
  const estimate = e.type === 'TicketRestored' ? null : e.data.estimated_wait_seconds;
  await insertTicket(db, tenant, q, e.data.ticket, tailPlace(e.position), estimate, at);
  if (estimate !== null) {
    await db
      .insertInto('queue_wait_predictions')
      .values({
        ticket_id: e.data.ticket.id,
        tenant_id: tenant,
        queue_id: q,
        rank: e.data.rank,
        predicted_seconds: estimate,
        actual_seconds: null,
        checked_in_at: e.data.ticket.checked_in_at,
        called_at: null,
      })
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .execute();
  }
};

const leftTheQueue = async (
  { q, at, ticket, counter }: Row,
  e: Rec & { type: 'TicketMarkedNoShow' | 'TicketMarkedAbsent' | 'TicketRevoked' | 'TicketClosedAtDayEnd' | 'TicketRedirectedOut' },
) => {
  const d = e.data;
  // A redirected ticket leaves first; the target queue's TicketRedirectedIn then takes its row over.
  await ticket(d.ticket_id).set({ status: LEAVING[e.type], place: null, archived_at: d.at, updated_at: at }).where('queue_id', '=', q).execute();
  if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
};

/** Each event's change of the rows, by its type. */
export const HANDLERS: Handlers = {
  QueueCreated: async ({ db, tenant, q, at }, e) => {
    const s = e.data.settings;
    await db
      .insertInto('queues')
      .values({ id: q, tenant_id: tenant, name: s.name, priority: s.priority, settings: json(s), created_at: at, updated_at: at })
      .execute();
  },
  QueueUpdated: async ({ at, queue }, e) => {
    const c = e.data.changes;
    await queue()
      .set({
        settings: sql<string>`settings || ${json(c)}::jsonb`,
        ...(c.name !== undefined ? { name: c.name } : {}),
        ...(c.priority !== undefined ? { priority: c.priority } : {}),
        updated_at: at,
      })
      .execute();
  },
  QueueDeleted: async ({ db, tenant, q }, _e) => {
    await db.deleteFrom('queue_counters').where('tenant_id', '=', tenant).where('queue_id', '=', q).execute();
    await db.deleteFrom('queues').where('tenant_id', '=', tenant).where('id', '=', q).execute();
  },
  QueuePaused: pausedOrResumed,
  QueueResumed: pausedOrResumed,
  QueueDelayed: async ({ at, queue }, e) => {
    await queue().set({ delay_seconds: e.data.delay_seconds, updated_at: at }).execute();
  },
  CounterCreated: async ({ db, tenant, q, at }, e) => {
    await db
      .insertInto('queue_counters')
      .values({
        id: e.data.counter_id,
        tenant_id: tenant,
        queue_id: q,
        name: e.data.name,
        break_minutes: e.data.break_minutes,
        service_ids: json(e.data.service_ids),
        held_by: null,
        serving_ticket_id: null,
        opened_at: null,
        updated_at: at,
      })
      .execute();
  },
  CounterUpdated: async ({ at, counter }, e) => {
    const { service_ids, ...rest } = e.data.changes;
    await counter(e.data.counter_id)
      .set({ ...rest, ...(service_ids ? { service_ids: json(service_ids) } : {}), updated_at: at })
      .execute();
  },
  CounterDeleted: async ({ db, tenant }, e) => {
    await db.deleteFrom('queue_counters').where('tenant_id', '=', tenant).where('id', '=', e.data.counter_id).execute();
  },
  CounterOpened: async ({ at, counter }, e) => {
    await counter(e.data.counter_id).set({ open: true, held_by: e.data.member_id, opened_at: at, updated_at: at }).execute();
  },
  CounterClosed: async ({ at, counter }, e) => {
    await counter(e.data.counter_id).set({ open: false, held_by: null, serving_ticket_id: null, opened_at: null, updated_at: at }).execute();
  },
  TicketRedirectedIn: joinedAtTheEnd,
  TicketRestored: joinedAtTheEnd,
  TicketReturnedToWaiting: async ({ db, tenant, q, at, ticket, counter }, e) => {
    const d = e.data;
    if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
    const place = await placeFor(db, tenant, q, d.ticket_id, d.to_rank);
    await ticket(d.ticket_id).set({ status: 'waiting', place, counter_id: null, called_at: null, updated_at: at }).execute();
  },
  TicketMoved: async ({ db, tenant, q, at, ticket }, e) => {
    const d = e.data;
    const place = await placeFor(db, tenant, q, d.ticket_id, d.to_rank);
    await ticket(d.ticket_id)
      .set({ place, ...(d.reason === 'late' ? { late: true } : {}), updated_at: at })
      .execute();
  },
  TicketsSwapped: async ({ db, tenant, at, ticket }, e) => {
    const rows = await db
      .selectFrom('queue_tickets')
      .select(['id', 'place'])
      .where('tenant_id', '=', tenant)
      .where('id', 'in', [e.data.ticket_1, e.data.ticket_2])
      .execute();
    const placeOf = new Map(rows.map((r) => [r.id, r.place]));
    await ticket(e.data.ticket_1)
      .set({ place: placeOf.get(e.data.ticket_2) ?? null, updated_at: at })
      .execute();
    await ticket(e.data.ticket_2)
      .set({ place: placeOf.get(e.data.ticket_1) ?? null, updated_at: at })
      .execute();
  },
  TicketHeld: async ({ at, ticket, counter }, e) => {
    const d = e.data;
    await ticket(d.ticket_id).set({ status: 'on_hold', place: null, counter_id: null, called_at: null, updated_at: at }).execute();
    if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
  },
  TicketMarkedNoShow: leftTheQueue,
  TicketMarkedAbsent: leftTheQueue,
  TicketRevoked: leftTheQueue,
  TicketClosedAtDayEnd: leftTheQueue,
  TicketRedirectedOut: leftTheQueue,
  TicketUrgencyChanged: async ({ at, ticket }, e) => {
    await ticket(e.data.ticket_id).set({ urgent: e.data.urgent, updated_at: at }).execute();
  },
  TicketMemberChanged: async ({ at, ticket }, e) => {
    await ticket(e.data.ticket_id).set({ member_id: e.data.member_id, updated_at: at }).execute();
  },
  TicketServiceTimeChanged: async ({ at, ticket }, e) => {
    await ticket(e.data.ticket_id).set({ service_seconds: e.data.service_seconds, updated_at: at }).execute();
  },
  TicketNoteAdded: async ({ at, ticket }, e) => {
    const { note_type_id, text, by } = e.data;
    await ticket(e.data.ticket_id)
      .set({ notes: sql<string>`notes || ${json([{ note_type_id, text, by, at: e.data.at }])}::jsonb`, updated_at: at })
      .execute();
  },
  TicketFeedbackGiven: async ({ at, ticket }, e) => {
    await ticket(e.data.ticket_id).set({ feedback_stars: e.data.stars, feedback_text: e.data.text, updated_at: at }).execute();
  },
};
