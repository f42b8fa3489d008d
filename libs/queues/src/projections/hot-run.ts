import { sql } from 'kysely';
import { smooth } from '../estimate';
import type { QueueEvent } from '../queue';
import { archiveInsert } from './archive';
import { type Db, tailPlace, ticketRow } from './rows';

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
export class HotRun {
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
