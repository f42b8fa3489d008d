import { consumedIn, sameWindow, smsBalanceAt, smsWindowAt, type AllowanceMembership } from './allowance';

const d = (iso: string) => new Date(iso);
const iso = (v: Date | null) => v?.toISOString() ?? null;

const trial: AllowanceMembership = {
  package: null,
  plan: null,
  trial_ends_at: d('2026-12-08T10:00:00Z'),
  period_starts_at: null,
  period_ends_at: null,
  grace_ends_at: null,
};
const paid = (pkg: string, plan: 'monthly' | 'yearly', starts: string, ends: string, grace: string | null = null): AllowanceMembership => ({
  package: pkg,
  plan,
  trial_ends_at: d('2026-01-15T10:00:00Z'),
  period_starts_at: d(starts),
  period_ends_at: d(ends),
  grace_ends_at: grace ? d(grace) : null,
});

describe('smsWindowAt: the allowance window at an instant', () => {
  it('the trial: its 200 SMS for the whole trial, one window that never renews', () => {
    for (const at of ['2026-11-24T09:00:00Z', '2026-12-01T00:00:00Z', '2026-12-08T09:59:59Z'])
      expect(smsWindowAt(trial, d(at))).toEqual({ package: 'TRIAL', allowance: 200, starts_at: null });
  });

  it('FREE, after the trial or without a membership: no SMS', () => {
    expect(smsWindowAt(trial, d('2026-12-08T10:00:00Z'))).toEqual({ package: 'FREE', allowance: 0, starts_at: null });
    expect(smsWindowAt(undefined, d('2026-12-08T10:00:00Z'))).toEqual({ package: 'FREE', allowance: 0, starts_at: null });
  });

  it('a monthly plan: the period itself', () => {
    const m = paid('LIBERUP', 'monthly', '2026-03-10T08:30:00Z', '2026-04-10T08:30:00Z');
    for (const at of ['2026-03-10T08:30:00Z', '2026-03-31T23:59:59Z', '2026-04-10T08:29:59Z']) {
      const w = smsWindowAt(m, d(at));
      expect([w.package, w.allowance, iso(w.starts_at)]).toEqual(['LIBERUP', 500, '2026-03-10T08:30:00.000Z']);
    }
  });

  it('a yearly plan: each month of the year from the period start, with the package SMS every month', () => {
    const m = paid('LIBERPRO', 'yearly', '2026-03-10T08:30:00Z', '2027-03-10T08:30:00Z');
    const at = (when: string) => iso(smsWindowAt(m, d(when)).starts_at);
    expect(at('2026-04-10T08:29:59Z')).toBe('2026-03-10T08:30:00.000Z');
    expect(at('2026-04-10T08:30:00Z')).toBe('2026-04-10T08:30:00.000Z');
    expect(at('2026-11-24T09:00:00Z')).toBe('2026-11-10T08:30:00.000Z');
    expect(at('2027-03-10T08:29:59Z')).toBe('2027-02-10T08:30:00.000Z');
    expect(smsWindowAt(m, d('2026-11-24T09:00:00Z')).allowance).toBe(2000);
  });

  it('counts months in UTC as Luxon adds them: 31 January + 1 month is the last day of February, + 2 is 31 March', () => {
    const leap = paid('LIBERUP', 'yearly', '2028-01-31T12:00:00Z', '2029-01-31T12:00:00Z');
    const at = (when: string) => iso(smsWindowAt(leap, d(when)).starts_at);
    expect(at('2028-02-29T11:59:59Z')).toBe('2028-01-31T12:00:00.000Z');
    expect(at('2028-02-29T12:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
    expect(at('2028-03-30T23:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
    expect(at('2028-03-31T12:00:00Z')).toBe('2028-03-31T12:00:00.000Z');
    expect(at('2028-04-30T12:00:00Z')).toBe('2028-04-30T12:00:00.000Z');
    const common = paid('LIBERUP', 'yearly', '2027-01-31T00:00:00Z', '2028-01-31T00:00:00Z');
    expect(iso(smsWindowAt(common, d('2027-02-28T00:00:00Z')).starts_at)).toBe('2027-02-28T00:00:00.000Z');
    expect(iso(smsWindowAt(common, d('2027-02-27T23:59:59Z')).starts_at)).toBe('2027-01-31T00:00:00.000Z');
  });

  it('in UTC, whatever the server zone: 30 April 23:30 UTC (1 May in Paris) renews on 30 May 23:30 UTC, not on 1 June in Paris', () => {
    const m = paid('LIBERUP', 'yearly', '2026-04-30T23:30:00Z', '2027-04-30T23:30:00Z');
    expect(iso(smsWindowAt(m, d('2026-05-30T23:30:00Z')).starts_at)).toBe('2026-05-30T23:30:00.000Z');
    expect(iso(smsWindowAt(m, d('2026-05-30T23:29:59Z')).starts_at)).toBe('2026-04-30T23:30:00.000Z');
  });

  it('past the period (the renewal window, a grace): the last month goes on, no fresh allowance without a paid period', () => {
    const monthly = paid('LIBERUP', 'monthly', '2026-03-10T08:30:00Z', '2026-04-10T08:30:00Z', '2026-04-17T08:30:00Z');
    expect(iso(smsWindowAt(monthly, d('2026-04-12T00:00:00Z')).starts_at)).toBe('2026-03-10T08:30:00.000Z');
    const yearly = paid('LIBERUP', 'yearly', '2026-03-10T08:30:00Z', '2027-03-10T08:30:00Z');
    expect(iso(smsWindowAt(yearly, d('2027-03-10T20:00:00Z')).starts_at)).toBe('2027-02-10T08:30:00.000Z');
  });

  it('a lapsed paid package: FREE, its single window', () => {
    const m = paid('LIBERUP', 'monthly', '2026-03-10T08:30:00Z', '2026-04-10T08:30:00Z');
    expect(smsWindowAt(m, d('2026-04-20T00:00:00Z'))).toEqual({ package: 'FREE', allowance: 0, starts_at: null });
  });
});

describe('the consumption of the current window', () => {
  const m = paid('LIBERUP', 'monthly', '2026-04-10T08:30:00Z', '2026-05-10T08:30:00Z');
  const now = d('2026-04-20T00:00:00Z');

  it('counts the row of the same window, and an older window as 0', () => {
    const w = smsWindowAt(m, now);
    expect(sameWindow(d('2026-04-10T08:30:00Z'), w)).toBe(true);
    expect(consumedIn({ consumed: 120, window_starts_at: d('2026-04-10T08:30:00Z') }, w)).toBe(120);
    expect(consumedIn({ consumed: 500, window_starts_at: d('2026-03-10T08:30:00Z') }, w)).toBe(0);
    // The trial's row (no window) is not the paid period's.
    expect(consumedIn({ consumed: 200, window_starts_at: null }, w)).toBe(0);
    expect(consumedIn(undefined, w)).toBe(0);
  });

  it('keeps the trial row across the trial', () => {
    expect(smsBalanceAt(trial, { consumed: 150, window_starts_at: null }, d('2026-12-01T00:00:00Z'))).toEqual({ allowance: 200, consumed: 150, balance: 50 });
  });

  it('the balance: the window allowance less its consumption, never below 0', () => {
    expect(smsBalanceAt(m, { consumed: 500, window_starts_at: d('2026-03-10T08:30:00Z') }, now)).toEqual({ allowance: 500, consumed: 0, balance: 500 });
    expect(smsBalanceAt(m, { consumed: 620, window_starts_at: d('2026-04-10T08:30:00Z') }, now)).toEqual({ allowance: 500, consumed: 620, balance: 0 });
  });
});
