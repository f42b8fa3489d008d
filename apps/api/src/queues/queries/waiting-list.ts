import { sql } from 'kysely';
import type { List, ServerInstant, Ticket } from '@tabour/contracts';
import { customerCards } from '@tabour/customers';
import { Db, notFound } from '@tabour/platform';
import { DEFAULT_SERVICE_SECONDS } from '@tabour/queues';
import { queueExists } from './queue';
import { ticket, TICKET_COLUMNS, withNames } from './tickets';

/**
 * The waiting list in the order call next follows (urgent first, then rank: `callPosition`), each
 * with its rank, that position and its current estimate, as JSON text from
 * PostgreSQL in one statement: each waiting ticket's own JSON is kept with its row
 * (`waiting_doc`, migration 20261124080000, left open), and only the rank, the estimate and a
 * registered customer's current name are appended here. The estimate is `estimateWait`'s (estimate.ts) at the call position,
 * computed in SQL; test/queues.int.ts checks each against the ticket's own read.
 */
export async function waitingList(db: Db, tenantId: string, queueId: string): Promise<string> {
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
          || ',"call_position":' || t.pos
          || ',"estimated_wait_seconds":' || (round((t.pos - 1) * (CASE WHEN q.service_time = '{}'::jsonb OR t.service_ids = '[]'::jsonb THEN q.fallback ELSE COALESCE(
            (SELECT (q.service_time ->> x.s)::numeric FROM jsonb_array_elements_text(t.service_ids) WITH ORDINALITY AS x(s, i) WHERE q.service_time ? x.s ORDER BY x.i LIMIT 1),
            q.fallback) END) / q.open) + q.delay_seconds)
          || CASE WHEN t.customer_id IS NOT NULL AND t.customer_name IS NULL
               THEN ',"customer_name":' || COALESCE(to_json(NULLIF(concat_ws(' ', c.first_name, c.last_name), ''))::text, 'null') ELSE '' END
          || '}', ',' ORDER BY t.pos) AS data,
        count(*) AS total
      FROM (SELECT tenant_id, customer_id, customer_name, service_ids, waiting_doc, row_number() OVER (ORDER BY place) AS rank,
              row_number() OVER (ORDER BY urgent DESC, place) AS pos FROM queue_tickets
            WHERE tenant_id = ${tenantId} AND queue_id = ${queueId} AND status = 'waiting') t
      LEFT JOIN ${customerCards(db)} c ON t.customer_name IS NULL AND c.tenant_id = t.tenant_id AND c.id = t.customer_id
    ) l`.execute(db);
  const row = res.rows[0];
  if (!row) throw notFound();
  return `{"data":[${row.data ?? ''}],"total":${Number(row.total)},"paused":${row.paused},"delay_seconds":${row.delay_seconds}}`;
}

export async function byStatus(db: Db, tenantId: string, queueId: string, status: 'in_service' | 'on_hold'): Promise<List<Ticket<ServerInstant>>> {
  if (!(await queueExists(db, tenantId, queueId))) throw notFound();
  const rows = await db
    .selectFrom('queue_tickets as t')
    .leftJoin('queue_counters as c', 'c.id', 't.counter_id')
    .select(TICKET_COLUMNS.map((c) => `t.${c}` as const))
    .select('c.name as counter_name')
    .where('t.tenant_id', '=', tenantId)
    .where('t.queue_id', '=', queueId)
    .where('t.status', '=', status)
    .orderBy(status === 'in_service' ? 't.called_at' : 't.updated_at')
    .execute();
  const data = (await withNames(db, tenantId, rows)).map((r) => ({ ...ticket(r), counter_name: r.counter_name }));
  return { data, total: data.length };
}
