import { FEATURE_MATRIX, packageAt, type BillingMembership, type MembershipStatus, type Package, type PackageFeature, type Plan } from '@tabour/contracts';

/** The membership row as the view reads it. */
export interface MembershipRow {
  package: string | null;
  plan: string | null;
  trial_ends_at: Date | null;
  period_starts_at: Date | null;
  period_ends_at: Date | null;
  grace_ends_at: Date | null;
  cancel_at_period_end: boolean;
  scheduled_package: string | null;
  scheduled_plan: string | null;
  coupon_code: string | null;
  coupon_months_left: number | null;
}

/** Records counted against the matrix's limits: how many the business has of each. */
export type Usage = Partial<Record<PackageFeature, number>>;

/** The features whose records exceed what the package allows: kept, and locked until an upgrade. */
export function lockedFeatures(pkg: Package, usage: Usage): PackageFeature[] {
  const m = FEATURE_MATRIX[pkg];
  return (Object.keys(usage) as PackageFeature[]).filter((f) => {
    const limit = m[f];
    const used = usage[f] ?? 0;
    if (typeof limit === 'boolean') return !limit && used > 0;
    return limit !== null && used > limit;
  });
}

/** The membership at `now`, as the settings screen, the session and the app bar's countdown show it. */
export function membershipViewOf(row: MembershipRow, smsConsumed: number, usage: Usage, now: Date): BillingMembership {
  const pkg = packageAt({ ...row, package: row.package as Package | null }, now);
  const trialActive = pkg === 'TRIAL';
  const trialLeftMs = row.trial_ends_at ? Math.max(0, row.trial_ends_at.getTime() - now.getTime()) : 0;
  const hours = trialActive ? Math.floor(trialLeftMs / 3_600_000) : 0;
  const paid = pkg === row.package && pkg !== 'FREE' && pkg !== 'TRIAL';
  const status: MembershipStatus = trialActive ? 'trial' : !paid ? 'free' : row.grace_ends_at ? 'grace' : row.cancel_at_period_end ? 'cancelling' : 'active';
  const allowance = FEATURE_MATRIX[pkg].sms;
  return {
    package: pkg,
    plan: paid ? (row.plan as Plan | null) : null,
    ends_at: trialActive ? (row.trial_ends_at?.toISOString() ?? null) : paid ? (row.period_ends_at?.toISOString() ?? null) : null,
    trial: { active: trialActive, days_left: Math.floor(hours / 24), hours_left: hours % 24, ends_at: row.trial_ends_at?.toISOString() ?? null },
    sms: { allowance, consumed: smsConsumed, balance: Math.max(0, allowance - smsConsumed) },
    status,
    period_starts_at: paid ? (row.period_starts_at?.toISOString() ?? null) : null,
    period_ends_at: paid ? (row.period_ends_at?.toISOString() ?? null) : null,
    grace_ends_at: paid ? (row.grace_ends_at?.toISOString() ?? null) : null,
    cancel_at_period_end: paid && row.cancel_at_period_end,
    scheduled_change:
      paid && row.scheduled_package && row.period_ends_at
        ? { package: row.scheduled_package as Package, plan: row.scheduled_plan as Plan | null, at: row.period_ends_at.toISOString() }
        : null,
    coupon: paid && row.coupon_code ? { code: row.coupon_code, months_left: row.coupon_months_left } : null,
    features: FEATURE_MATRIX[pkg],
    locked: lockedFeatures(pkg, usage),
  };
}
