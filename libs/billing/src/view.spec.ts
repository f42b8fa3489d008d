import { membershipViewOf, type MembershipRow } from './view';

const trialEnds = new Date('2026-12-06T08:00:00Z');
const row = (over: Partial<MembershipRow> = {}): MembershipRow => ({
  package: null,
  plan: null,
  trial_ends_at: trialEnds,
  period_starts_at: null,
  period_ends_at: null,
  grace_ends_at: null,
  cancel_at_period_end: false,
  scheduled_package: null,
  scheduled_plan: null,
  coupon_code: null,
  coupon_months_left: null,
  ...over,
});

describe('the membership view', () => {
  it('is TRIAL while the trial runs, with days and hours left and its 200 SMS', () => {
    const view = membershipViewOf(row(), 15, {}, new Date('2026-11-30T05:00:00Z'));
    expect(view).toMatchObject({ package: 'TRIAL', status: 'trial', plan: null });
    expect(view.trial).toEqual({ active: true, days_left: 6, hours_left: 3, ends_at: trialEnds.toISOString() });
    expect(view.sms).toEqual({ allowance: 200, consumed: 15, balance: 185 });
  });

  it('falls back to FREE when the trial ended without a package, and names what FREE locks', () => {
    const view = membershipViewOf(row(), 0, { queues: 3, kiosks_and_displays: 1, team_size: 2 }, new Date('2026-12-06T08:00:01Z'));
    expect(view).toMatchObject({ package: 'FREE', status: 'free', trial: { active: false, days_left: 0, hours_left: 0 } });
    expect(view.locked).toEqual(['queues', 'kiosks_and_displays']);
  });

  it('shows a paid package with its period, cancellation, scheduled change, grace and coupon', () => {
    const paid = row({
      package: 'LIBERUP',
      plan: 'monthly',
      period_starts_at: new Date('2026-12-01T00:00:00Z'),
      period_ends_at: new Date('2027-01-01T00:00:00Z'),
      scheduled_package: 'LIBERUP',
      scheduled_plan: 'yearly',
      coupon_code: 'SPRING',
      coupon_months_left: 2,
    });
    const at = new Date('2026-12-10T00:00:00Z');
    expect(membershipViewOf(paid, 0, {}, at)).toMatchObject({
      package: 'LIBERUP',
      plan: 'monthly',
      status: 'active',
      ends_at: '2027-01-01T00:00:00.000Z',
      scheduled_change: { package: 'LIBERUP', plan: 'yearly', at: '2027-01-01T00:00:00.000Z' },
      coupon: { code: 'SPRING', months_left: 2 },
      sms: { allowance: 500 },
    });
    expect(membershipViewOf({ ...paid, cancel_at_period_end: true }, 0, {}, at).status).toBe('cancelling');
    const grace = { ...paid, grace_ends_at: new Date('2027-01-08T00:00:00Z') };
    expect(membershipViewOf(grace, 0, {}, new Date('2027-01-05T00:00:00Z'))).toMatchObject({ package: 'LIBERUP', status: 'grace' });
    expect(membershipViewOf(grace, 0, {}, new Date('2027-01-09T00:00:00Z'))).toMatchObject({ package: 'FREE', status: 'free', coupon: null });
  });
});
