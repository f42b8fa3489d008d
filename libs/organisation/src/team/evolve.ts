import { selfProfileChanges, type BusinessRegisteredEvent, type TeamEvent, type UserProfileUpdatedEvent } from './events';
import type { TeamState } from './state';

export function evolve(state: TeamState, event: TeamEvent | BusinessRegisteredEvent | UserProfileUpdatedEvent): TeamState {
  switch (event.type) {
    case 'BusinessRegistered': {
      const o = event.data.owner;
      return {
        status: 'active',
        business_id: event.data.business_id,
        first_name: o.first_name,
        last_name: o.last_name,
        email: o.email.toLowerCase(),
        phone: null,
        photo: null,
        position: 'Admin',
        role: 'ADMIN',
        department_id: null,
        is_bookable: false,
        member_since: null,
        working_days: null,
      };
    }
    case 'TeamMemberAdded': {
      const { member_id: _m, ...rest } = event.data;
      return { status: 'active', ...rest };
    }
    case 'TeamMemberUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'TeamMemberWorkingDaysUpdated':
      return state.status === 'none' ? state : { ...state, working_days: event.data.working_days };
    case 'TeamMemberRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
    case 'UserProfileUpdated':
      return state.status === 'none' ? state : { ...state, ...selfProfileChanges(event) };
    default:
      return state;
  }
}
