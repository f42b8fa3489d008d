import { sql, type RawBuilder } from 'kysely';
import type { InlineProjection, ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { smooth } from './estimate';
import { FeedbackEvent } from './feedback';
import { NOTE_TYPE_EVENT_TYPES, NoteTypeEvent } from './note-type';
import { LEAVING, QUEUE_EVENT_TYPES, QueueEvent, Ticket } from './queue';
import { openingQueueProjection } from './pii';
import './tables';

type Db = ProjectionDb<Database>;
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
const tailPlace = (position: number) => position * SPACING;

function ticketRow(tenant: string, queue: string, t: Omit<Ticket, 'status' | 'counter_id' | 'called_at'>, place: number, at: Date) {
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

async function insertTicket(
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

/**
 * A registered customer's visits, for the "queue archive" tab of their page (the customers
 * context's `customer_archived_tickets`): each archived ticket of `rows` (queue_tickets' rows,
 * or those a statement's change returns) copied with its summary.
 */
const archiveInsert = (rows: RawBuilder<unknown>) => sql`INSERT INTO customer_archived_tickets (id, tenant_id, customer_id, queue_id, ended_at, status, summary)
  SELECT t.id, t.tenant_id, t.customer_id, t.queue_id, t.archived_at, t.status,
    jsonb_build_object('label', t.label, 'queue_name', q.name, 'day', t.day, 'checked_in_at', t.checked_in_at, 'called_at', t.called_at,
      'service_ids', t.service_ids, 'service_seconds', t.service_seconds, 'feedback_stars', t.feedback_stars)
  FROM ${rows} t LEFT JOIN queues q ON q.id = t.queue_id
  WHERE t.customer_id IS NOT NULL AND t.archived_at IS NOT NULL
  ON CONFLICT (id) DO UPDATE SET queue_id = excluded.queue_id, ended_at = excluded.ended_at, status = excluded.status, summary = excluded.summary`;

/**
 * The archive of these tickets as they now stand, for what changed them outside a run: a
 * restored ticket leaves it, one that left (or was rated) is copied again.
 */
async function archiveTickets(db: Db, tenant: string, ids: Set<string>, restored: Set<string>): Promise<void> {
  // Only a restore takes a ticket out of the archive; the delete is skipped otherwise.
  if (restored.size) {
    await sql`DELETE FROM customer_archived_tickets a USING queue_tickets t
      WHERE a.id = t.id AND t.tenant_id = ${tenant} AND t.id = ANY(${[...restored]}::uuid[]) AND t.archived_at IS NULL`.execute(db);
  }
  await sql`${archiveInsert(sql`(SELECT * FROM queue_tickets WHERE tenant_id = ${tenant} AND id = ANY(${[...ids]}::uuid[]))`)}`.execute(db);
}

/** What the customer archive follows besides a run's ends: the other ways out, a restore, a rating. */
const ARCHIVE_EVENTS = new Set<string>([...Object.keys(LEAVING), 'TicketRestored', 'TicketFeedbackGiven']);

type Pushed = Extract<QueueEvent, { type: 'TicketPushed' }>['data'];
type Called = Extract<QueueEvent, { type: 'TicketCalled' }>['data'];
type Ended = Extract<QueueEvent, { type: 'TicketEnded' }>['data'];

/**
 * Pushes, calls and ends, the events of a busy queue, written set-wise: a run of them (50
 * agents calling at once make one) costs a handful of statements instead of several per event.
 * Only consecutive such events of one queue are gathered; none of them reads another row (a
 * push's place is its position), so the rows end exactly as the events applied one by one
 * would leave them: new rows first, then the changes, each row taking its last change.
 */
class HotRun {
  private readonly pushed: Record<string, unknown>[] = [];
  private readonly predictions: Record<string, unknown>[] = [];
  private readonly tickets = new Map<string, Record<string, unknown>>();
  /** Counter → the ticket it serves at the end of the run, and when that was decided. */
  private readonly serving = new Map<string, { ticket: string | null; at: Date }>();
  private readonly clearIf: { counter: string; ticket: string; at: Date }[] = [];
  private readonly waits: { ticket_id: string; actual_seconds: number; called_at: string }[] = [];
  private readonly served: { key: string; seconds: number; smoothed?: number }[] = [];

  constructor(
    readonly tenant: string,
    readonly queue: string,
  ) {}

  add(type: 'TicketPushed' | 'TicketCalled' | 'TicketEnded', d: Pushed | Called | Ended, at: Date, position: number): void {
    if (type === 'TicketPushed') {
      const p = d as Pushed;
      this.pushed.push({
        id: p.ticket.id,
        ...ticketRow(this.tenant, this.queue, p.ticket, tailPlace(position), at),
        service_ids: p.ticket.service_ids,
        estimated_wait_seconds: p.estimated_wait_seconds,
      });
      this.predictions.push({ ticket_id: p.ticket.id, rank: p.rank, predicted_seconds: p.estimated_wait_seconds, checked_in_at: p.ticket.checked_in_at });
      return;
    }
    const row = this.tickets.get((d as Called | Ended).ticket_id) ?? {};
    if (type === 'TicketCalled') {
      const c = d as Called;
      this.tickets.set(c.ticket_id, { ...row, status: 'in_service', place: null, counter_id: c.counter_id, called_at: c.at, updated_at: at });
      this.serving.set(c.counter_id, { ticket: c.ticket_id, at });
      this.waits.push({ ticket_id: c.ticket_id, actual_seconds: c.waited_seconds, called_at: c.at });
      return;
    }
    const e = d as Ended;
    this.tickets.set(e.ticket_id, { ...row, status: 'ended', place: null, archived_at: e.at, service_seconds: e.served_seconds, updated_at: at });
    if (e.counter_id) {
      if (!this.serving.has(e.counter_id)) this.clearIf.push({ counter: e.counter_id, ticket: e.ticket_id, at });
      else if (this.serving.get(e.counter_id)!.ticket === e.ticket_id) this.serving.set(e.counter_id, { ticket: null, at });
    }
    if (e.served_seconds > 0) this.served.push({ key: e.service_id ?? '*', seconds: e.served_seconds, smoothed: e.smoothed_seconds });
  }

  async flush(db: Db): Promise<void> {
    if (this.pushed.length) {
      await sql`WITH
        tickets AS (INSERT INTO queue_tickets (id, tenant_id, queue_id, uid, number, label, day, status, place, urgent, late, service_ids, member_id, customer_id, customer_name, counter_id, checked_in_at, booking_id, called_at, archived_at, service_seconds, estimated_wait_seconds, notes, updated_at)
          SELECT x.id, x.tenant_id, x.queue_id, x.uid, x.number, x.label, x.day, x.status, x.place, x.urgent, x.late, x.service_ids, x.member_id, x.customer_id, x.customer_name, NULL, x.checked_in_at, x.booking_id, NULL, NULL, x.service_seconds, x.estimated_wait_seconds, '[]', x.updated_at
          FROM jsonb_to_recordset(${JSON.stringify(this.pushed)}::jsonb) AS x(id uuid, tenant_id uuid, queue_id uuid, uid text, number int, label text, day date, status text, place double precision, urgent boolean, late boolean,
            service_ids jsonb, member_id uuid, customer_id uuid, customer_name text, checked_in_at timestamptz, booking_id uuid, service_seconds int, estimated_wait_seconds int, updated_at timestamptz)
          RETURNING 1),
        predictions AS (INSERT INTO queue_wait_predictions (ticket_id, tenant_id, queue_id, rank, predicted_seconds, checked_in_at)
          SELECT x.ticket_id, ${this.tenant}, ${this.queue}, x.rank, x.predicted_seconds, x.checked_in_at
          FROM jsonb_to_recordset(${JSON.stringify(this.predictions)}::jsonb) AS x(ticket_id uuid, rank int, predicted_seconds int, checked_in_at timestamptz)
          ON CONFLICT (ticket_id) DO NOTHING RETURNING 1)
        SELECT (SELECT count(*) FROM tickets) AS tickets, (SELECT count(*) FROM predictions) AS predictions`.execute(db);
    }
    if (!this.tickets.size) return;
    // Each row keeps the time of the event that last changed it, as applying them one by one would.
    const rows = [...this.tickets].map(([id, r]) => ({
      id,
      status: r.status,
      counter_id: r.counter_id ?? null,
      called_at: r.called_at ?? null,
      archived_at: r.archived_at ?? null,
      service_seconds: r.service_seconds ?? null,
      set_counter: 'counter_id' in r,
      set_archived: 'archived_at' in r,
      updated_at: r.updated_at,
    }));
    const serving = [...this.serving].map(([id, v]) => ({ id, serving: v.ticket, updated_at: v.at }));
    // An end frees its counter only if the counter still serves that ticket; a counter this run
    // also gives a new ticket takes that one, so its conditional free is moot (and one statement
    // may change a row only once).
    const clearIf = this.clearIf.filter((c) => !this.serving.has(c.counter));
    // Events that carry the new average give it; older ones are folded from the stored value.
    const carried = this.served.every((s) => s.smoothed !== undefined);
    const times: Record<string, number> = {};
    if (carried) for (const s of this.served) times[s.key] = s.smoothed!;
    // One statement for the whole run: each sub-statement changes other rows.
    await sql`WITH
      t AS (UPDATE queue_tickets t SET status = x.status, place = NULL, updated_at = x.updated_at,
          counter_id = CASE WHEN x.set_counter THEN x.counter_id ELSE t.counter_id END,
          called_at = CASE WHEN x.set_counter THEN x.called_at ELSE t.called_at END,
          archived_at = CASE WHEN x.set_archived THEN x.archived_at ELSE t.archived_at END,
          service_seconds = CASE WHEN x.set_archived THEN x.service_seconds ELSE t.service_seconds END
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, status text, counter_id uuid, called_at timestamptz, archived_at timestamptz, service_seconds int, set_counter boolean, set_archived boolean, updated_at timestamptz)
        WHERE t.tenant_id = ${this.tenant} AND t.queue_id = ${this.queue} AND t.id = x.id
        RETURNING t.id, t.tenant_id, t.customer_id, t.queue_id, t.archived_at, t.status, t.label, t.day, t.checked_in_at, t.called_at, t.service_ids,
          t.service_seconds, t.feedback_stars),
      archived AS (${archiveInsert(sql`t`)} RETURNING 1),
      freed AS (UPDATE queue_counters c SET serving_ticket_id = NULL, updated_at = x.at
        FROM jsonb_to_recordset(${JSON.stringify(clearIf)}::jsonb) AS x(counter uuid, ticket uuid, at timestamptz)
        WHERE c.tenant_id = ${this.tenant} AND c.id = x.counter AND c.serving_ticket_id = x.ticket RETURNING 1),
      serving AS (UPDATE queue_counters c SET serving_ticket_id = x.serving, updated_at = x.updated_at
        FROM jsonb_to_recordset(${JSON.stringify(serving)}::jsonb) AS x(id uuid, serving uuid, updated_at timestamptz)
        WHERE c.tenant_id = ${this.tenant} AND c.id = x.id RETURNING 1),
      waits AS (UPDATE queue_wait_predictions p SET actual_seconds = x.actual_seconds, called_at = x.called_at
        FROM jsonb_to_recordset(${JSON.stringify(this.waits)}::jsonb) AS x(ticket_id uuid, actual_seconds int, called_at timestamptz)
        WHERE p.tenant_id = ${this.tenant} AND p.ticket_id = x.ticket_id AND p.actual_seconds IS NULL RETURNING 1),
      times AS (UPDATE queues SET service_time = service_time || ${JSON.stringify(times)}::jsonb
        WHERE tenant_id = ${this.tenant} AND id = ${this.queue} AND ${Object.keys(times).length > 0} RETURNING 1)
      SELECT (SELECT count(*) FROM t) AS tickets`.execute(db);
    if (!carried) await recordServiceTimes(db, this.tenant, this.queue, this.served);
  }
}

/** The smoothed service times, folded with the decider's own smooth(), so screens estimate as the queue decides. */
async function recordServiceTimes(db: Db, tenant: string, queue: string, served: { key: string; seconds: number; smoothed?: number }[]): Promise<void> {
  const row = await db.selectFrom('queues').select('service_time').where('tenant_id', '=', tenant).where('id', '=', queue).forUpdate().executeTakeFirst();
  if (!row) return;
  const times = { ...(row.service_time ?? {}) };
  for (const s of served) times[s.key] = s.smoothed ?? smooth(times[s.key], s.seconds);
  await db
    .updateTable('queues')
    .set({ service_time: JSON.stringify(times) })
    .where('tenant_id', '=', tenant)
    .where('id', '=', queue)
    .execute();
}

/** Queues, counters, live tickets and their archive: one projection, applied in event order. */
export const queueProjection: InlineProjection<QueueEvent | FeedbackEvent, Database> = {
  name: 'queues.queues',
  // The customers' archive of visits is written in the same statements as the tickets it copies.
  tables: ['queues', 'queue_counters', 'queue_tickets', 'queue_wait_predictions', 'customer_archived_tickets'],
  handles: [...QUEUE_EVENT_TYPES, 'TicketFeedbackGiven'],
  async apply(db, events) {
    let run: HotRun | null = null;
    /** Per business, tickets whose archive is written once the events are applied, and those restored. */
    const archive = new Map<string, { ids: Set<string>; restored: Set<string> }>();
    const ended = new Set<string>();
    for (const e of events) {
      const tenant = e.data.business_id;
      const q = e.data.queue_id;
      const at = e.recordedAt;
      const ticketId = (e.data as { ticket_id?: string }).ticket_id ?? (e.data as { ticket?: { id: string } }).ticket?.id;
      if (e.type === 'TicketEnded') ended.add(e.data.ticket_id);
      // A run copies its ended tickets itself; a later change of one in these events copies it again.
      else if (ticketId && (ARCHIVE_EVENTS.has(e.type) || ended.has(ticketId))) {
        const a = archive.get(tenant) ?? archive.set(tenant, { ids: new Set(), restored: new Set() }).get(tenant)!;
        a.ids.add(ticketId);
        if (e.type === 'TicketRestored') a.restored.add(ticketId);
      }
      if (e.type === 'TicketPushed' || e.type === 'TicketCalled' || e.type === 'TicketEnded') {
        if (run && (run.tenant !== tenant || run.queue !== q)) {
          await run.flush(db);
          run = null;
        }
        (run ??= new HotRun(tenant, q)).add(e.type, e.data, at, e.position);
        continue;
      }
      if (run) {
        await run.flush(db);
        run = null;
      }
      const ticket = (id: string) => db.updateTable('queue_tickets').where('tenant_id', '=', tenant).where('id', '=', id);
      const counter = (id: string) => db.updateTable('queue_counters').where('tenant_id', '=', tenant).where('id', '=', id);
      const queue = () => db.updateTable('queues').where('tenant_id', '=', tenant).where('id', '=', q);
      switch (e.type) {
        case 'QueueCreated': {
          const s = e.data.settings;
          await db
            .insertInto('queues')
            .values({ id: q, tenant_id: tenant, name: s.name, priority: s.priority, settings: json(s), created_at: at, updated_at: at })
            .execute();
          break;
        }
        case 'QueueUpdated': {
          const c = e.data.changes;
          await queue()
            .set({
              settings: sql<string>`settings || ${json(c)}::jsonb`,
              ...(c.name !== undefined ? { name: c.name } : {}),
              ...(c.priority !== undefined ? { priority: c.priority } : {}),
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'QueueDeleted':
          await db.deleteFrom('queue_counters').where('tenant_id', '=', tenant).where('queue_id', '=', q).execute();
          await db.deleteFrom('queues').where('tenant_id', '=', tenant).where('id', '=', q).execute();
          break;
        case 'QueuePaused':
        case 'QueueResumed':
          await queue()
            .set({ paused: e.type === 'QueuePaused', updated_at: at })
            .execute();
          break;
        case 'QueueDelayed':
          await queue().set({ delay_seconds: e.data.delay_seconds, updated_at: at }).execute();
          break;
        case 'CounterCreated':
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
          break;
        case 'CounterUpdated': {
          const { service_ids, ...rest } = e.data.changes;
          await counter(e.data.counter_id)
            .set({ ...rest, ...(service_ids ? { service_ids: json(service_ids) } : {}), updated_at: at })
            .execute();
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
        case 'TicketRedirectedIn':
        case 'TicketRestored': {
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
          await ticket(d.ticket_id)
            .set({ place, ...(d.reason === 'late' ? { late: true } : {}), updated_at: at })
            .execute();
          break;
        }
        case 'TicketsSwapped': {
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
          break;
        }
        case 'TicketHeld': {
          const d = e.data;
          await ticket(d.ticket_id).set({ status: 'on_hold', place: null, counter_id: null, called_at: null, updated_at: at }).execute();
          if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
          break;
        }
        case 'TicketMarkedNoShow':
        case 'TicketMarkedAbsent':
        case 'TicketRevoked':
        case 'TicketClosedAtDayEnd':
        case 'TicketRedirectedOut': {
          const d = e.data;
          // A redirected ticket leaves first; the target queue's TicketRedirectedIn then takes its row over.
          await ticket(d.ticket_id).set({ status: LEAVING[e.type], place: null, archived_at: d.at, updated_at: at }).where('queue_id', '=', q).execute();
          if (d.counter_id) await counter(d.counter_id).set({ serving_ticket_id: null, updated_at: at }).where('serving_ticket_id', '=', d.ticket_id).execute();
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
          await ticket(e.data.ticket_id)
            .set({ notes: sql<string>`notes || ${json([{ note_type_id, text, by, at: e.data.at }])}::jsonb`, updated_at: at })
            .execute();
          break;
        }
        case 'TicketFeedbackGiven':
          await ticket(e.data.ticket_id).set({ feedback_stars: e.data.stars, feedback_text: e.data.text, updated_at: at }).execute();
          break;
      }
    }
    if (run) await run.flush(db);
    for (const [tenant, { ids, restored }] of archive) await archiveTickets(db, tenant, ids, restored);
  },
};

export const noteTypeProjection: InlineProjection<NoteTypeEvent, Database> = {
  name: 'queues.note_types',
  tables: ['note_types'],
  handles: NOTE_TYPE_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'NoteTypeCreated':
          await db
            .insertInto('note_types')
            .values({ id: e.data.note_type_id, tenant_id: tenant, name: e.data.name, color: e.data.color, created_at: at, updated_at: at })
            .execute();
          break;
        case 'NoteTypeUpdated':
          await db
            .updateTable('note_types')
            .set({ ...e.data.changes, updated_at: at })
            .where('tenant_id', '=', tenant)
            .where('id', '=', e.data.note_type_id)
            .execute();
          break;
        case 'NoteTypeDeleted':
          await db.deleteFrom('note_types').where('tenant_id', '=', tenant).where('id', '=', e.data.note_type_id).execute();
          break;
      }
    }
  },
};

// The queue projection reads names, notes and feedback: it gets them opened (pii.ts).
export const QUEUE_PROJECTIONS = [openingQueueProjection(queueProjection), noteTypeProjection];
