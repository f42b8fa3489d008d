import type { ChosenPackage } from '@tabour/accounts';
import type { Plan } from '@tabour/contracts';
import type { AppliedCoupon } from './events';

export const membershipStream = (businessId: string) => `membership-${businessId}`;

export interface MembershipState {
  business_id: string | null;
  trial_ends_at: string | null;
  trial_ended: boolean;
  package: ChosenPackage | null;
  plan: Plan | null;
  period_starts_at: string | null;
  period_ends_at: string | null;
  /** Net paid for the current period. */
  period_net: number;
  grace_ends_at: string | null;
  renewal_attempts: number;
  cancel_at_period_end: boolean;
  scheduled: { package: ChosenPackage; plan: Plan } | null;
  coupon: AppliedCoupon | null;
  /** Payments already applied: a webhook or a retry carrying one again changes nothing. */
  payments: string[];
  invoices: Record<string, { total: number; credited: number }>;
  cards: { id: string; is_default: boolean }[];
  details: { name: string; address: string | null; country: string | null; vat_number: string | null; email: string | null } | null;
}

/** How every period begins: no grace, no failed renewal, nothing ending or changing at its end. */
export const FRESH_PERIOD = { grace_ends_at: null, renewal_attempts: 0, cancel_at_period_end: false, scheduled: null } satisfies Partial<MembershipState>;

/** No paid period at all: before the first purchase, and once one lapsed. */
export const NO_PERIOD = {
  plan: null,
  period_starts_at: null,
  period_ends_at: null,
  period_net: 0,
  ...FRESH_PERIOD,
  coupon: null,
} satisfies Partial<MembershipState>;

export const initialMembershipState = (): MembershipState => ({
  business_id: null,
  trial_ends_at: null,
  trial_ended: false,
  package: null,
  ...NO_PERIOD,
  payments: [],
  invoices: {},
  cards: [],
  details: null,
});

/** Whether a paid package (not FREE) runs at `now`: its period, or its grace after a failed renewal. */
export function paidActive(state: MembershipState, now: Date): boolean {
  if (!state.package || state.package === 'FREE' || !state.period_ends_at) return false;
  const t = now.getTime();
  return t < new Date(state.period_ends_at).getTime() || (state.grace_ends_at !== null && t < new Date(state.grace_ends_at).getTime());
}
