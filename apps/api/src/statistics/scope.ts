import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { CounterStatPeriod, StatisticFilter } from '@tabour/contracts';
import { Db, invalid, notFound } from '@tabour/platform';
import { type Dim, DIMS, type Scope } from './sums';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366 * 5;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the filter (422 with field errors; another business's id 404) and fills in its defaults. */
export async function checkScope(db: Db, zone: string, tenant: string, f: StatisticFilter = {}): Promise<Scope> {
  const today = DateTime.now().setZone(zone).toISODate()!;
  const errors: Record<string, string[]> = {};
  const date = (field: 'from' | 'to', v: string | undefined) => {
    if (v === undefined) return undefined;
    if (!DATE.test(v) || !DateTime.fromISO(v).isValid) errors[field] = ['Enter dates as YYYY-MM-DD'];
    return v;
  };
  const to = date('to', f.to) ?? today;
  const from =
    date('from', f.from) ??
    DateTime.fromISO(to)
      .minus({ days: DEFAULT_DAYS - 1 })
      .toISODate() ??
    to;
  if (!errors.from && !errors.to) {
    const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
    if (days < 0) errors.to = ['The end must not be before the start'];
    else if (days > MAX_DAYS) errors.to = ['Choose at most five years'];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors, 'validation_failed');
  const dims: Partial<Record<Dim, string>> = {};
  for (const d of DIMS) if (f[d]) dims[d] = f[d]!.toLowerCase();
  await ownIds(db, tenant, dims);
  return { tenant, from, to, period: f.period ?? 'daily', time_zone: zone, dims, target_seconds: f.target_seconds ?? 600 };
}

async function ownIds(db: Db, tenant: string, dims: Partial<Record<Dim, string>>): Promise<void> {
  const table: Record<Dim, string> = {
    queue_id: 'queues',
    service_id: 'services',
    counter_id: 'queue_counters',
    member_id: 'team_members',
    department_id: 'departments',
  };
  for (const d of DIMS) {
    const id = dims[d];
    if (!id) continue;
    const found = await sql`SELECT 1 FROM ${sql.table(table[d])} WHERE tenant_id = ${tenant} AND id = ${id}`.execute(db);
    if (!found.rows.length) throw notFound();
  }
}

/** The current local month or year, in the business's zone, as a scope. */
export function currentScope(zone: string, tenant: string, period: CounterStatPeriod, dims: Scope['dims']): Scope {
  const now = DateTime.now().setZone(zone);
  return {
    tenant,
    from: now.startOf(period).toISODate()!,
    to: now.endOf(period).toISODate()!,
    period: period === 'month' ? 'monthly' : 'yearly',
    time_zone: zone,
    dims,
    target_seconds: 600,
  };
}
