import { DateTime } from 'luxon';
import { FEATURE_MATRIX, packageAt, type Package, type SmsBalance } from '@tabour/contracts';
import type { ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';

/** What of a business's membership row decides its SMS allowance. */
export interface AllowanceMembership {
  package: string | null;
  plan: string | null;
  trial_ends_at: Date | null;
  period_starts_at: Date | null;
  period_ends_at: Date | null;
  grace_ends_at: Date | null;
}

/** The stretch of time one allowance covers, and how many SMS segments it holds. */
export interface SmsWindow {
  package: Package;
  allowance: number;
  /** null: the trial's or FREE's single window, which never renews. */
  starts_at: Date | null;
}

/** What the `sms_allowances` row says was consumed, and in which window. */
export interface AllowanceRow {
  consumed: number;
  window_starts_at: Date | null;
}

const plusMonths = (anchor: DateTime, months: number) => anchor.plus({ months }).toJSDate();

/**
 * The allowance window at `now` (docs/notifications.md, "The SMS allowance"): the trial's 200
 * SMS for the whole trial; none on FREE; on a paid package, the month of its period that holds
 * `now`, counted in UTC from `period_starts_at` as Luxon adds months (31 January + 1 month is the
 * last day of February), so a yearly plan gets the package's SMS every month like a monthly one.
 * Past the period's last month (the renewal window, a grace) the last month goes on: a fresh
 * allowance comes with a paid period, not with a failed renewal.
 */
export function smsWindowAt(m: AllowanceMembership | undefined, now: Date): SmsWindow {
  const pkg = m ? packageAt({ ...m, package: m.package as Package | null }, now) : 'FREE';
  const allowance = FEATURE_MATRIX[pkg].sms;
  if (pkg === 'TRIAL' || pkg === 'FREE' || !m?.period_starts_at) return { package: pkg, allowance, starts_at: null };
  const anchor = DateTime.fromJSDate(m.period_starts_at, { zone: 'utc' });
  const at = DateTime.fromJSDate(now, { zone: 'utc' });
  let n = Math.max(0, (at.year - anchor.year) * 12 + (at.month - anchor.month));
  while (n > 0 && plusMonths(anchor, n) > now) n--;
  while (plusMonths(anchor, n + 1) <= now) n++;
  const ends = m.period_ends_at;
  while (ends && n > 0 && plusMonths(anchor, n) >= ends) n--;
  return { package: pkg, allowance, starts_at: plusMonths(anchor, n) };
}

/** Whether a row's consumption belongs to this window. */
export function sameWindow(rowStartsAt: Date | null, window: SmsWindow): boolean {
  return (rowStartsAt?.getTime() ?? null) === (window.starts_at?.getTime() ?? null);
}

/** What was consumed in the window: an older window's consumption counts for nothing. */
export function consumedIn(row: AllowanceRow | undefined, window: SmsWindow): number {
  return row && sameWindow(row.window_starts_at, window) ? row.consumed : 0;
}

/** The allowance at `now` as every screen shows it: the window's allowance and what it consumed. */
export function smsBalanceAt(m: AllowanceMembership | undefined, row: AllowanceRow | undefined, now: Date): SmsBalance {
  const window = smsWindowAt(m, now);
  const consumed = consumedIn(row, window);
  return { allowance: window.allowance, consumed, balance: Math.max(0, window.allowance - consumed) };
}

type Db = ProjectionDb<Database>;

/** The membership row the allowance is decided by. */
export function allowanceMembership(db: Db, tenantId: string): Promise<AllowanceMembership | undefined> {
  return db
    .selectFrom('memberships')
    .select(['package', 'plan', 'trial_ends_at', 'period_starts_at', 'period_ends_at', 'grace_ends_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** A business's SMS balance at `now`: the one reading the SMS settings, the balance call and the membership view share. */
export async function smsBalanceOf(db: Db, tenantId: string, now: Date): Promise<SmsBalance> {
  const [m, row] = await Promise.all([
    allowanceMembership(db, tenantId),
    db.selectFrom('sms_allowances').select(['consumed', 'window_starts_at']).where('tenant_id', '=', tenantId).executeTakeFirst(),
  ]);
  return smsBalanceAt(m, row, now);
}
