import type { Decider } from '@tabour/eventstore';
import type { MembershipCommand } from './commands';
import { decide } from './decide';
import type { AccountMembershipEvent, MembershipEvent } from './events';
import { evolve } from './evolve';
import { initialMembershipState, type MembershipState } from './state';

export type { MembershipCommand } from './commands';
export { ACCOUNT_MEMBERSHIP_EVENT_TYPES, MEMBERSHIP_EVENT_TYPES, type AppliedCoupon, type CardData, type InvoiceDraft, type MembershipEvent } from './events';
export { membershipStream, paidActive, type MembershipState } from './state';
export { isUpgrade } from './upgrade';

export const membershipDecider: Decider<MembershipCommand, MembershipState, MembershipEvent | AccountMembershipEvent> = {
  initialState: initialMembershipState,
  decide,
  // An event of another kind read alongside leaves the state as it was.
  evolve: (state, event) => evolve(state, event) ?? state,
};
