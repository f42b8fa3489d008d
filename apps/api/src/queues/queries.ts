import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Db, notFound } from '@tabour/platform';
import { DEFAULT_SERVICE_SECONDS, estimateWait, QueueSettings } from '@tabour/queues';
import { paged, PageRequest } from '../common/paging';
import { DB } from '../common/tokens';

export const ARCHIVE_STATUSES = ['ended', 'no_show', 'absent', 'revoked', 'closed_at_day_end', 'redirected'] as const;

const TICKET_COLUMNS = [
  'id', 'queue_id', 'uid', 'number', 'label', 'day', 'status', 'urgent', 'late', 'service_ids', 'member_id', 'customer_id', 'customer_name',
  'counter_id', 'checked_in_at', 'called_at', 'archived_at', 'service_seconds', 'estimated_wait_seconds', 'notes', 'feedback_stars', 'feedback_text',
] as const;

const dayOf = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export interface ArchiveFilters {
  status?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** Reads of the queues context's tables, each filtered by the caller's business. */
@Injectable()
export class QueueQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * A ticket of a registered customer carries only the customer's id: the name is read from the
   * customer's record, so erasing the customer (crypto-shredding, docs/customers.md) leaves no
   * name in the queue's events or screens. A name typed at the desk stays on the ticket.
   */
  async withNames<T extends { customer_id: string | null; customer_name: string | null }>(tenantId: string, rows: T[]): Promise<T[]> {
    const ids = [...new Set(rows.filter((r) => r.customer_id && !r.customer_name).map((r) => r.customer_id!))];
    if (!ids.length) return rows;
    const found = await this.db.selectFrom('customers').select(['id', 'first_name', 'last_name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    const names = new Map(found.map((c) => [c.id, [c.first_name, c.last_name].filter(Boolean).join(' ') || null]));
    return rows.map((r) => (r.customer_id && !r.customer_name ? { ...r, customer_name: names.get(r.customer_id) ?? null } : r));
  }

  private queueRow(tenantId: string, id: string) {
    return this.db.selectFrom('queues').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  async exists(tenantId: string, id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('queues').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
  }

  async queue(tenantId: string, id: string) {
    const q = await this.queueRow(tenantId, id);
    if (!q) throw notFound();
    const counters = await this.counters(tenantId, id);
    return { ...present(q), counters, summary: (await this.summaries(tenantId, [id]))[id] };
  }

  async list(tenantId: string, page: PageRequest, opts: { q?: string; summary?: boolean; serviceId?: string } = {}) {
    let base = this.db.selectFrom('queues').where('tenant_id', '=', tenantId);
    if (opts.q) base = base.where('name', 'ilike', `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (opts.serviceId) base = base.where(sql<boolean>`settings->'service_ids' @> ${JSON.stringify([opts.serviceId])}::jsonb`);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
    let rows = base.selectAll().orderBy('priority', 'desc').orderBy('name').orderBy('id');
    if (page.limit !== null) rows = rows.limit(page.limit).offset(page.offset);
    const queues = (await rows.execute()).map(present);
    if (opts.summary) {
      const sums = await this.summaries(tenantId, queues.map((q) => q.id));
      return paged(queues.map((q) => ({ ...q, summary: sums[q.id] })), Number(total), page);
    }
    return paged(queues, Number(total), page);
  }

  /** Waiting, in service and on hold counts, open counters and today's measured average wait. */
  async summaries(tenantId: string, ids: string[]): Promise<Record<string, Summary>> {
    const out: Record<string, Summary> = Object.fromEntries(ids.map((id) => [id, { waiting: 0, in_service: 0, on_hold: 0, open_counters: 0, counters: 0, average_wait_seconds: null, served_today: 0 }]));
    if (!ids.length) return out;
    const live = await this.db
      .selectFrom('queue_tickets')
      .select(['queue_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('queue_id', 'in', ids)
      .where('archived_at', 'is', null)
      .groupBy(['queue_id', 'status'])
      .execute();
    for (const r of live) if (r.status in out[r.queue_id]) (out[r.queue_id] as unknown as Record<string, number>)[r.status] = Number(r.n);
    const counters = await this.db
      .selectFrom('queue_counters')
      .select(['queue_id', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`count(*) FILTER (WHERE open)`.as('open')])
      .where('tenant_id', '=', tenantId)
      .where('queue_id', 'in', ids)
      .groupBy('queue_id')
      .execute();
    for (const r of counters) Object.assign(out[r.queue_id], { counters: Number(r.n), open_counters: Number(r.open) });
    const waits = await this.db
      .selectFrom('queue_wait_predictions')
      .select(['queue_id', sql<string | null>`round(avg(actual_seconds))`.as('avg'), (eb) => eb.fn.count<string>('actual_seconds').as('n')])
      .where('tenant_id', '=', tenantId)
      .where('queue_id', 'in', ids)
      .where('called_at', '>=', sql<Date>`now() - interval '1 day'`)
      .groupBy('queue_id')
      .execute();
    for (const r of waits) Object.assign(out[r.queue_id], { average_wait_seconds: r.avg === null ? null : Number(r.avg), served_today: Number(r.n) });
    return out;
  }

  /**
   * The waiting list in rank order, each with its current estimate, as JSON text from
   * PostgreSQL in one statement: each waiting ticket's own JSON is kept with its row
   * (`waiting_doc`, migration 20261124080000, left open), and only the rank, the estimate and a
   * registered customer's current name are appended here. The estimate is `estimateWait`'s (estimate.ts),
   * computed in SQL; test/queues.int.ts checks each against the ticket's own read.
   */
  async waitingList(tenantId: string, queueId: string): Promise<string> {
    const res = await sql<{ paused: boolean; delay_seconds: number; data: string | null; total: string }>`
      WITH q AS (
        SELECT paused, delay_seconds, service_time,
          COALESCE((service_time ->> '*')::numeric, (SELECT round(avg(v::numeric)) FROM jsonb_each_text(service_time) e(k, v)), ${DEFAULT_SERVICE_SECONDS}::numeric) AS fallback,
          GREATEST(1, (SELECT count(*) FROM queue_counters WHERE tenant_id = ${tenantId} AND queue_id = ${queueId} AND open)) AS open
        FROM queues WHERE tenant_id = ${tenantId} AND id = ${queueId}
      )
      SELECT q.paused, q.delay_seconds, l.data, l.total FROM q CROSS JOIN LATERAL (
        SELECT string_agg(t.waiting_doc
            || ',"rank":' || t.rank
            || ',"estimated_wait_seconds":' || (round((t.rank - 1) * (CASE WHEN q.service_time = '{}'::jsonb OR t.service_ids = '[]'::jsonb THEN q.fallback ELSE COALESCE(
              (SELECT (q.service_time ->> x.s)::numeric FROM jsonb_array_elements_text(t.service_ids) WITH ORDINALITY AS x(s, i) WHERE q.service_time ? x.s ORDER BY x.i LIMIT 1),
              q.fallback) END) / q.open) + q.delay_seconds)
            || CASE WHEN t.customer_id IS NOT NULL AND t.customer_name IS NULL
                 THEN ',"customer_name":' || COALESCE(to_json(NULLIF(concat_ws(' ', c.first_name, c.last_name), ''))::text, 'null') ELSE '' END
            || '}', ',' ORDER BY t.rank) AS data,
          count(*) AS total
        FROM (SELECT tenant_id, customer_id, customer_name, service_ids, waiting_doc, row_number() OVER (ORDER BY place) AS rank FROM queue_tickets
              WHERE tenant_id = ${tenantId} AND queue_id = ${queueId} AND status = 'waiting') t
        LEFT JOIN customers c ON t.customer_name IS NULL AND c.tenant_id = t.tenant_id AND c.id = t.customer_id
      ) l`.execute(this.db);
    const row = res.rows[0];
    if (!row) throw notFound();
    return `{"data":[${row.data ?? ''}],"total":${Number(row.total)},"paused":${row.paused},"delay_seconds":${row.delay_seconds}}`;
  }

  async byStatus(tenantId: string, queueId: string, status: 'in_service' | 'on_hold') {
    if (!(await this.exists(tenantId, queueId))) throw notFound();
    const rows = await this.db
      .selectFrom('queue_tickets as t')
      .leftJoin('queue_counters as c', 'c.id', 't.counter_id')
      .select(TICKET_COLUMNS.map((c) => `t.${c}` as const))
      .select('c.name as counter_name')
      .where('t.tenant_id', '=', tenantId)
      .where('t.queue_id', '=', queueId)
      .where('t.status', '=', status)
      .orderBy(status === 'in_service' ? 't.called_at' : 't.updated_at')
      .execute();
    const data = (await this.withNames(tenantId, rows)).map((r) => ({ ...ticket(r), counter_name: r.counter_name }));
    return { data, total: data.length };
  }

  async archive(tenantId: string, queueId: string, page: PageRequest, f: ArchiveFilters) {
    if (!(await this.exists(tenantId, queueId))) throw notFound();
    let base = this.db.selectFrom('queue_tickets').where('tenant_id', '=', tenantId).where('queue_id', '=', queueId).where('archived_at', 'is not', null);
    if (f.status) base = base.where('status', '=', f.status);
    if (f.from) base = base.where('day', '>=', f.from);
    if (f.to) base = base.where('day', '<=', f.to);
    if (f.q) {
      const pattern = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const named = this.db.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where((eb) => eb.or([eb('first_name', 'ilike', pattern), eb('last_name', 'ilike', pattern)]));
      base = base.where((eb) => eb.or([eb('label', 'ilike', pattern), eb('customer_name', 'ilike', pattern), eb('customer_id', 'in', named)]));
    }
    const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
    let rows = base.select(TICKET_COLUMNS).orderBy('archived_at', 'desc').orderBy('id');
    if (page.limit !== null) rows = rows.limit(page.limit).offset(page.offset);
    return paged((await this.withNames(tenantId, await rows.execute())).map(ticket), Number(total), page);
  }

  async ticket(tenantId: string, queueId: string, ticketId: string) {
    const row = await this.db.selectFrom('queue_tickets').select(TICKET_COLUMNS).where('tenant_id', '=', tenantId).where('queue_id', '=', queueId).where('id', '=', ticketId).executeTakeFirst();
    if (!row) throw notFound('Ticket not found');
    return ticket((await this.withNames(tenantId, [row]))[0]);
  }

  async ticketAnyQueue(tenantId: string, ticketId: string) {
    const row = await this.db.selectFrom('queue_tickets').select(TICKET_COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', ticketId).executeTakeFirst();
    if (!row) throw notFound('Ticket not found');
    return ticket(row);
  }

  /** Tickets a past day left open: still waiting, in service or on hold after their day ended. */
  async damaged(tenantId: string, today: string, queueId?: string) {
    let rows = this.db
      .selectFrom('queue_tickets as t')
      .innerJoin('queues as q', 'q.id', 't.queue_id')
      .select(TICKET_COLUMNS.map((c) => `t.${c}` as const))
      .select('q.name as queue_name')
      .where('t.tenant_id', '=', tenantId)
      .where('t.archived_at', 'is', null)
      .where('t.day', '<', today);
    if (queueId) rows = rows.where('t.queue_id', '=', queueId);
    const data = (await this.withNames(tenantId, await rows.orderBy('t.day').orderBy('t.checked_in_at').execute())).map((r) => ({ ...ticket(r), queue_name: r.queue_name }));
    return { data, total: data.length };
  }

  /** Queues with tickets still open, with the oldest such ticket's day, across every business: the day-end job's work list. */
  async queuesWithOpenTickets() {
    return this.db
      .selectFrom('queue_tickets')
      .select(['tenant_id', 'queue_id', (eb) => eb.fn.min<string>('day').as('oldest')])
      .where('archived_at', 'is', null)
      .groupBy(['tenant_id', 'queue_id'])
      .execute();
  }

  async counters(tenantId: string, queueId?: string) {
    let rows = this.db
      .selectFrom('queue_counters as c')
      .leftJoin('queue_tickets as t', 't.id', 'c.serving_ticket_id')
      .select(['c.id', 'c.queue_id', 'c.name', 'c.break_minutes', 'c.service_ids', 'c.open', 'c.held_by', 'c.serving_ticket_id', 'c.opened_at', 'c.updated_at', 't.label as serving_label'])
      .where('c.tenant_id', '=', tenantId);
    if (queueId) rows = rows.where('c.queue_id', '=', queueId);
    return (await rows.orderBy('c.name').orderBy('c.id').execute()).map((c) => ({ ...c, status: c.open ? 'open' : 'closed' }));
  }

  async counter(tenantId: string, queueId: string, counterId: string) {
    const all = await this.counters(tenantId, queueId);
    const c = all.find((x) => x.id === counterId);
    if (!c) throw notFound('Counter not found');
    return c;
  }

  /** The counter the member holds open, in any queue of the business. */
  async heldCounter(tenantId: string, memberId: string) {
    return (await this.db.selectFrom('queue_counters').select(['id', 'queue_id', 'name']).where('tenant_id', '=', tenantId).where('held_by', '=', memberId).where('open', '=', true).executeTakeFirst()) ?? null;
  }

  /** The queue a ticket's link belongs to now (a redirect moves it). */
  async queueOfTicket(uid: string): Promise<string | null> {
    const row = await this.db.selectFrom('queue_tickets').select('queue_id').where('uid', '=', uid).executeTakeFirst();
    return row?.queue_id ?? null;
  }

  async noteTypeExists(tenantId: string, id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('note_types').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
  }

  async noteTypes(tenantId: string, page: PageRequest, q?: string) {
    let base = this.db.selectFrom('note_types').where('tenant_id', '=', tenantId);
    if (q) base = base.where('name', 'ilike', `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
    let rows = base.select(['id', 'name', 'color', 'created_at', 'updated_at']).orderBy('name').orderBy('id');
    if (page.limit !== null) rows = rows.limit(page.limit).offset(page.offset);
    return paged((await rows.execute()).map(noteType), Number(total), page);
  }

  async noteType(tenantId: string, id: string) {
    const row = await this.db.selectFrom('note_types').select(['id', 'name', 'color', 'created_at', 'updated_at']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Note type not found');
    return noteType(row);
  }

  /** Feedback left through ticket links, newest first: the /feedback screen and the customer's page. */
  async feedback(tenantId: string, page: PageRequest, f: { queue_id?: string; stars?: number; customer_id?: string; ticket_id?: string; from?: string; to?: string }) {
    let base = this.db.selectFrom('queue_tickets as t').leftJoin('queues as q', 'q.id', 't.queue_id').where('t.tenant_id', '=', tenantId).where('t.feedback_stars', 'is not', null);
    if (f.ticket_id) base = base.where('t.id', '=', f.ticket_id);
    if (f.from) base = base.where('t.day', '>=', f.from);
    if (f.to) base = base.where('t.day', '<=', f.to);
    if (f.queue_id) base = base.where('t.queue_id', '=', f.queue_id);
    if (f.stars) base = base.where('t.feedback_stars', '=', f.stars);
    if (f.customer_id) base = base.where('t.customer_id', '=', f.customer_id);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
    let rows = base
      .select(['t.id', 't.queue_id', 'q.name as queue_name', 't.label', 't.customer_id', 't.customer_name', 't.feedback_stars as stars', 't.feedback_text as text', 't.day', 't.archived_at', 't.updated_at'])
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id');
    if (page.limit !== null) rows = rows.limit(page.limit).offset(page.offset);
    return paged((await this.withNames(tenantId, await rows.execute())).map(ticket), Number(total), page);
  }

  private async openCounters(tenantId: string, queueId: string): Promise<number> {
    const r = await this.db.selectFrom('queue_counters').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).where('queue_id', '=', queueId).where('open', '=', true).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * What a ticket's public link shows, and nothing more: no name, phone or note of anyone,
   * only this ticket's place in its queue.
   */
  async publicTicket(uid: string) {
    const t = await this.db
      .selectFrom('queue_tickets as t')
      .innerJoin('queues as q', 'q.id', 't.queue_id')
      .leftJoin('queue_counters as c', 'c.id', 't.counter_id')
      // The business's name heads the customer's page, as on the kiosk's ticket. Not its logo:
      // its address names the business's id, which a ticket link never reveals.
      .leftJoin('business_profiles as b', 'b.tenant_id', 't.tenant_id')
      .select(['t.id', 't.tenant_id', 't.queue_id', 't.uid', 't.label', 't.number', 't.day', 't.status', 't.place', 't.service_ids', 't.checked_in_at', 't.called_at', 't.archived_at', 't.late', 't.feedback_stars', 'q.name as queue_name', 'q.settings', 'q.paused', 'q.delay_seconds', 'q.service_time', 'c.name as counter_name', 'b.name as business_name'])
      .where('t.uid', '=', uid)
      .executeTakeFirst();
    if (!t) return null;
    let rank: number | null = null;
    let estimate: number | null = null;
    if (t.status === 'waiting') {
      const [{ ahead }] = await this.db
        .selectFrom('queue_tickets')
        .select((eb) => eb.fn.countAll<string>().as('ahead'))
        .where('tenant_id', '=', t.tenant_id)
        .where('queue_id', '=', t.queue_id)
        .where('status', '=', 'waiting')
        .where('place', '<', t.place!)
        .execute();
      rank = Number(ahead) + 1;
      estimate = estimateWait({ rank, open_counters: await this.openCounters(t.tenant_id, t.queue_id), service_time: t.service_time ?? {}, service_ids: t.service_ids, delay_seconds: t.delay_seconds });
    }
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
        queue: { id: t.queue_id, name: t.queue_name, translations: Object.fromEntries(Object.entries(translations).map(([k, v]) => [k, { name: v.name }])), paused: t.paused, delay_seconds: t.delay_seconds },
        counter_name: t.status === 'in_service' ? t.counter_name : null,
        checked_in_at: t.checked_in_at,
        called_at: t.called_at,
        archived_at: t.archived_at,
        late: t.late,
        feedback_given: t.feedback_stars !== null,
      },
    };
  }
}

export interface Summary {
  waiting: number;
  in_service: number;
  on_hold: number;
  open_counters: number;
  counters: number;
  average_wait_seconds: number | null;
  served_today: number;
}

function present(q: { id: string; name: string; priority: number; settings: Record<string, unknown>; paused: boolean; delay_seconds: number; created_at: Date; updated_at: Date }) {
  return { ...(q.settings as unknown as QueueSettings), id: q.id, name: q.name, priority: q.priority, paused: q.paused, delay_seconds: q.delay_seconds, created_at: q.created_at, updated_at: q.updated_at };
}

/** Active note types are those not deleted: a deleted one leaves the table, its notes keep its id. */
function noteType<T extends object>(r: T) {
  return { ...r, title: (r as { name?: string }).name, status: 'active' as const };
}

function ticket<T extends { day: string | Date }>(t: T) {
  return { ...t, day: dayOf(t.day) };
}
