import type { AccountEvent } from './events';
import type { AccountState } from './state';

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'BusinessRegistered':
      return {
        status: 'pending',
        business_id: event.data.business_id,
        owner_id: event.data.owner.user_id,
        trial_ends_at: null,
        package: null,
        plan: null,
        package_ends_at: null,
      };
    case 'MembershipTrialStarted':
      return state.status === 'none' ? state : { ...state, trial_ends_at: event.data.ends_at };
    case 'BusinessApproved':
      return state.status === 'none' ? state : { ...state, status: 'approved' };
    case 'MembershipPackageChanged':
      return state.status === 'none' ? state : { ...state, package: event.data.package, plan: event.data.plan, package_ends_at: event.data.ends_at };
  }
}
