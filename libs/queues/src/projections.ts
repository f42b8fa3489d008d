import { Kysely, sql, Transaction } from 'kysely';
import type { InlineProjection, RecordedEvent } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { SMOOTHING } from './estimate';
import { FeedbackEvent } from './feedback';
import { NOTE_TYPE_EVENT_TYPES, NoteTypeEvent } from './note-type';
import { LEAVING, QUEUE_EVENT_TYPES, QueueEvent, Ticket } from './queue';
import './tables';

type Db = Transaction<Database> | Kysely<Database>;
type Rec<E extends { type: string; data: unknown }> = E extends unknown ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] } : never;
const asDb = (trx: Transaction<any> | Kysely<any>) => trx as Db;
const json = (v: unknown) => JSON.stringify(v ?? null);

const SPACING = 1024;
const waitingOf = (db: Db, tenant: string, queue: string) =>
  db.selectFrom('queue_tickets').where('tenant_id', '=', tenant).where('queue_id', '=', queue).where('status', '=', 'waiting');

/**
 * The place that puts a ticket at `rank` among the other waiting tickets of the queue: before
 * the first, after the last, or midway between two neighbours. Only the ticket placed is
 * written, so calling the head of a long list touches one row.
 */
async function placeFor(db: Db, tenant: string, queue: string, ticketId: string, rank: number): Promise<number> {
  const others = () => waitingOf(db, tenant, queue).where('id', '<>', ticketId);
  if (rank <= 1) {
    const first = await others().select('place').orderBy('place').limit(1).executeTakeFirst();
    return first ? first.place! - SPACING : SPACING;
  }
  const around = await others().select('place').orderBy('place').offset(rank - 2).limit(2).execute();
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

async function insertTicket(db: Db, tenant: string, queue: string, t: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>, rank: number, estimate: number | null, at: Date) {
  const place = await placeFor(db, tenant, queue, t.id, rank);
  const row = {
    tenant_id: tenant, queue_id: queue, uid: t.uid, number: t.number, label: t.label, day: t.day, status: 'waiting', place, urgent: t.urgent, late: t.late,
    service_ids: json(t.service_ids), member_id: t.member_id, customer_id: t.customer_id, customer_name: t.customer_name, counter_id: null, checked_in_at: t.checked_in_at,
    called_at: null, archived_at: null, service_seconds: t.service_seconds, updated_at: at,
  };
  await db
    .insertInto('queue_tickets')
    .values({ id: t.id, ...row, estimated_wait_seconds: estimate, notes: '[]' })
    // A redirected or restored ticket keeps its row (notes, feedback) and moves here.
    .onConflict((oc) => oc.column('id').doUpdateSet(estimate === null ? row : { ...row, estimated_wait_seconds: estimate }))
    .execute();
}

/** Queues, counters, live tickets and their archive: one projection, applied in event order. */
export const queueProjection: InlineProjection = {
  name: 'queues.queues',
  tables: ['queues', 'queue_counters', 'queue_tickets', 'queue_wait_predictions'],
  handles: [...QUEUE_EVENT_TYPES, 'TicketFeedbackGiven'],
  async apply(trx, events) {
    const db = asDb(trx);
    for (const e of events as Rec<QueueEvent | FeedbackEvent>[]) {
      const tenant = e.data.business_id;
      const q = e.data.queue_id;
      const at = e.recordedAt;
      const ticket = (id: string) => db.updateTable('queue_tickets').where('tenant_id', '=', tenant).where('id', '=', id);
      const counter = (id: string) => db.updateTable('queue_counters').where('tenant_id', '=', tenant).where('id', '=', id);
      const queue = () => db.updateTable('queues').where('tenant_id', '=', tenant).where('id', '=', q);
      switch (e.type) {
        case 'QueueCreated': {
          const s = e.data.settings;
          await db.insertInto('queues').values({ id: q, tenant_id: tenant, name: s.name, priority: s.priority, settings: json(s), created_at: at, updated_at: at }).execute();
          break;
        }
        case 'QueueUpdated': {
          const c = e.data.changes;
          await queue()
            .set({ settings: sql`settings || ${json(c)}::jsonb` as any, ...(c.name !== undefined ? { name: c.name } : {}), ...(c.priority !== undefined ? { priority: c.priority } : {}), updated_at: at })
            .execute();
          break;
        }
        case 'QueueDeleted':
          await db.deleteFrom('queue_counters').where('tenant_id', '=', tenant).where('queue_id', '=', q).execute();
          await db.deleteFrom('queues').where('tenant_id', '=', tenant).where('id', '=', q).execute();
          break;
        case 'QueuePaused':
        case 'QueueResumed':
          await queue().set({ paused: e.type === 'QueuePaused', updated_at: at }).execute();
          break;
        case 'QueueDelayed':
          await queue().set({ delay_seconds: e.data.delay_seconds, updated_at: at }).execute();
          break;
        case 'CounterCreated':
          await db
            .insertInto('queue_counters')
            .values({ id: e.data.counter_id, tenant_id: tenant, queue_id: q, name: e.data.name, break_minutes: e.data.break_minutes, service_ids: json(e.data.service_ids), held_by: null, serving_ticket_id: null, opened_at: null, updated_at: at })
            .execute();
          break;
        case 'CounterUpdated': {
          const { service_ids, ...rest } = e.data.changes;
          await counter(e.data.counter_id).set({ ...rest, ...(service_ids ? { service_ids: json(service_ids) } : {}), updated_at: at }).execute();
          break;
        }
        case 'CounterDeleted':
          await db.deleteFrom('queue_counters').where('tenant_id', '=', tenant).where('id', '=', e.data.counter_id).execute();
          break;
        case 'CounterOpened':
          await counter(e.data.counter_id).set({ open: true, held_by: e.data.member_id, opened_at: at, updated_at: at }).execute();
          break;
        case 'CounterClosed':
          await counter(e.data.counter_id).set({ open: false, held_by: null, serving_ticket_id: null, opened_at: null, updated_at: at }).execute();
          break;
        case 'TicketPushed':
        case 'TicketRedirectedIn':
        case 'TicketRestored': {
          const estimate = e.type === 'TicketRestored' ? null : e.data.estimated_wait_seconds;
          await insertTicket(db, tenant, q, e.data.ticket, e.data.rank, estimate, at);
          if (estimate !== null) {
            await db
              .insertInto('queue_wait_predictions')
              .values({ ticket_id: e.data.ticket.id, tenant_id: tenant, queue_id: q, rank: e.data.rank, predicted_seconds: estimate, actual_seconds: null, checked_in_at: e.data.ticket.checked_in_at, called_at: null })
              .onConflict((oc) => oc.column('ticket_id').doNothing())
              .execute();
          }
          break;
        }
        case 'TicketCalled': {
          const d = e.data;
          await ticket(d.ticket_id).set({ status: 'in_service', place: null, counter_id: d.counter_id, called_at: d.at, updated_at: at }).execute();
          await counter(d.counter_id).set({ serving_ticket_id: d.ticket_id, updated_at: at }).execute();
          await db.updateTable('queue_wait_predictions').set({ actual_seconds: d.waited_seconds, called_at: d.at }).where('tenant_id', '=', tenant).where('ticket_id', '=', d.ticket_id).where('actual_seconds', 'is', null).execute();
          break;
        }
        case 'TicketReturnedToWaiting': {
          const d = e.data;
          if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
          const place = await placeFor(db, tenant, q, d.ticket_id, d.to_rank);
          await ticket(d.ticket_id).set({ status: 'waiting', place, counter_id: null, called_at: null, updated_at: at }).execute();
          break;
        }
        case 'TicketMoved': {
          const d = e.data;
          const place = await placeFor(db, tenant, q, d.ticket_id, d.to_rank);
          await ticket(d.ticket_id).set({ place, ...(d.reason === 'late' ? { late: true } : {}), updated_at: at }).execute();
          break;
        }
        case 'TicketsSwapped': {
          const rows = await db.selectFrom('queue_tickets').select(['id', 'place']).where('tenant_id', '=', tenant).where('id', 'in', [e.data.ticket_1, e.data.ticket_2]).execute();
          const placeOf = new Map(rows.map((r) => [r.id, r.place]));
          await ticket(e.data.ticket_1).set({ place: placeOf.get(e.data.ticket_2) ?? null, updated_at: at }).execute();
          await ticket(e.data.ticket_2).set({ place: placeOf.get(e.data.ticket_1) ?? null, updated_at: at }).execute();
          break;
        }
        case 'TicketHeld': {
          const d = e.data;
          await ticket(d.ticket_id).set({ status: 'on_hold', place: null, counter_id: null, called_at: null, updated_at: at }).execute();
          if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
          break;
        }
        case 'TicketEnded':
        case 'TicketMarkedNoShow':
        case 'TicketMarkedAbsent':
        case 'TicketRevoked':
        case 'TicketClosedAtDayEnd':
        case 'TicketRedirectedOut': {
          const d = e.data;
          // A redirected ticket leaves first; the target queue's TicketRedirectedIn then takes its row over.
          await ticket(d.ticket_id)
            .set({ status: LEAVING[e.type], place: null, archived_at: d.at, ...(e.type === 'TicketEnded' ? { service_seconds: e.data.served_seconds } : {}), updated_at: at })
            .where('queue_id', '=', q)
            .execute();
          if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
          if (e.type === 'TicketEnded' && e.data.served_seconds > 0) {
            // The same smoothing as the decider's (estimate.ts), so screens show what the queue decides with.
            const key = e.data.service_id ?? '*';
            const measured = e.data.served_seconds;
            await queue()
              .set({
                service_time: sql`jsonb_set(service_time, ARRAY[${key}::text], to_jsonb(round(${SMOOTHING}::numeric * ${measured} + (1 - ${SMOOTHING}::numeric) * COALESCE((service_time->>${key})::numeric, ${measured}))::int))` as any,
              })
              .execute();
          }
          break;
        }
        case 'TicketUrgencyChanged':
          await ticket(e.data.ticket_id).set({ urgent: e.data.urgent, updated_at: at }).execute();
          break;
        case 'TicketMemberChanged':
          await ticket(e.data.ticket_id).set({ member_id: e.data.member_id, updated_at: at }).execute();
          break;
        case 'TicketServiceTimeChanged':
          await ticket(e.data.ticket_id).set({ service_seconds: e.data.service_seconds, updated_at: at }).execute();
          break;
        case 'TicketNoteAdded': {
          const { note_type_id, text, by } = e.data;
          await ticket(e.data.ticket_id).set({ notes: sql`notes || ${json([{ note_type_id, text, by, at: e.data.at }])}::jsonb` as any, updated_at: at }).execute();
          break;
        }
        case 'TicketFeedbackGiven':
          await ticket(e.data.ticket_id).set({ feedback_stars: e.data.stars, feedback_text: e.data.text, updated_at: at }).execute();
          break;
      }
    }
  },
};

export const noteTypeProjection: InlineProjection = {
  name: 'queues.note_types',
  tables: ['note_types'],
  handles: NOTE_TYPE_EVENT_TYPES,
  async apply(trx, events) {
    const db = asDb(trx);
    for (const e of events as Rec<NoteTypeEvent>[]) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'NoteTypeCreated':
          await db.insertInto('note_types').values({ id: e.data.note_type_id, tenant_id: tenant, name: e.data.name, color: e.data.color, created_at: at, updated_at: at }).execute();
          break;
        case 'NoteTypeUpdated':
          await db.updateTable('note_types').set({ ...e.data.changes, updated_at: at }).where('tenant_id', '=', tenant).where('id', '=', e.data.note_type_id).execute();
          break;
        case 'NoteTypeDeleted':
          await db.deleteFrom('note_types').where('tenant_id', '=', tenant).where('id', '=', e.data.note_type_id).execute();
          break;
      }
    }
  },
};

export const QUEUE_PROJECTIONS = [queueProjection, noteTypeProjection];
