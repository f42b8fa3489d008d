import { sql } from 'kysely';
import type { CounterRow, HeatmapCell, VisitPoint } from '@tabour/contracts';
import { counterCards } from '@tabour/queues';
import type { Db } from '@tabour/platform';
import { NONE } from '@tabour/statistics';
import { bookingSums, buckets, COUNTER_DIMS, figures, histograms, HOURLY_DIMS, num, type Scope, ticketSums, where } from './sums';

/** The statistics reads' rows that several answers share: the visits' series, the week's heatmap cells, the counters' figures, and names. */

export async function visits(db: Db, s: Scope): Promise<VisitPoint[]> {
  const [t, b] = await Promise.all([ticketSums(db, s), bookingSums(db, s)]);
  return buckets(s).map((bucket) => ({ bucket, tickets: num(t.get(bucket)?.taken), bookings: b.get(bucket)?.made ?? 0 }));
}

export async function cells(db: Db, s: Scope): Promise<HeatmapCell[]> {
  const r = await sql<{ weekday: number; hour: number; tickets: number; wait_count: number; wait_sum: number }>`
    SELECT extract(isodow FROM day)::int AS weekday, hour::int AS hour, sum(taken)::int AS tickets, sum(wait_count)::int AS wait_count,
      sum(wait_sum)::float8 AS wait_sum
    FROM statistics_hourly WHERE ${where(s, HOURLY_DIMS)} GROUP BY 1, 2`.execute(db);
  const byKey = new Map(r.rows.map((row) => [`${row.weekday}:${row.hour}`, row]));
  const out: HeatmapCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday++)
    for (let hour = 0; hour < 24; hour++) {
      const c = byKey.get(`${weekday}:${hour}`);
      out.push({ weekday, hour, tickets: c?.tickets ?? 0, average_wait_seconds: c?.wait_count ? Math.round(c.wait_sum / c.wait_count) : null });
    }
  return out;
}

export async function namesOf(db: Db, table: 'services' | 'queue_counters', tenant: string, ids: string[]): Promise<Map<string, string>> {
  const real = ids.filter((id) => id !== NONE);
  if (!real.length) return new Map();
  const r = await sql<{
    id: string;
    name: string;
  }>`SELECT id, name FROM ${sql.table(table)} WHERE tenant_id = ${tenant} AND id = ANY(${real}::uuid[])`.execute(db);
  return new Map(r.rows.map((row) => [row.id, row.name]));
}

export async function counterRows(db: Db, s: Scope): Promise<CounterRow[]> {
  const [t, h, c] = await Promise.all([
    ticketSums(db, s, sql`counter_id`),
    histograms(db, s, sql`counter_id`),
    sql<{ counter_id: string; queue_id: string; open_seconds: number; serving_seconds: number; served: number }>`
      SELECT counter_id, min(queue_id::text) AS queue_id, sum(open_seconds)::float8 AS open_seconds, sum(serving_seconds)::float8 AS serving_seconds,
        sum(served)::int AS served
      FROM statistics_counters_daily WHERE ${where(s, COUNTER_DIMS)} GROUP BY 1`.execute(db),
  ]);
  const time = new Map(c.rows.map((r) => [r.counter_id, r]));
  const ids = [...new Set([...[...t.keys()].filter((k) => k !== NONE), ...time.keys()])].sort();
  const names = await namesOf(db, 'queue_counters', s.tenant, ids);
  const queues = await sql<{
    id: string;
    queue_id: string;
  }>`SELECT id, queue_id FROM ${counterCards(db)} c WHERE tenant_id = ${s.tenant} AND id = ANY(${ids}::uuid[])`.execute(db);
  const queueOf = new Map(queues.rows.map((r) => [r.id, r.queue_id]));
  return ids
    .map((id) => {
      const tt = t.get(id);
      const ct = time.get(id);
      const open = num(ct?.open_seconds);
      const serving = num(ct?.serving_seconds);
      return {
        counter_id: id,
        name: names.get(id) ?? null,
        queue_id: queueOf.get(id) ?? ct?.queue_id ?? '',
        served: num(tt?.served),
        service: figures(tt, h.get(id)).service,
        open_seconds: open,
        serving_seconds: serving,
        idle_seconds: Math.max(0, open - serving),
      };
    })
    .filter((r) => r.served || time.has(r.counter_id));
}
