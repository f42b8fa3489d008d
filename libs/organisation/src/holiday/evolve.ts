import type { HolidayEvent } from './events';
import type { HolidayState } from './state';

export function evolve(state: HolidayState, event: HolidayEvent): HolidayState {
  switch (event.type) {
    case 'HolidayCreated': {
      const { holiday_id: _h, status, ...rest } = event.data;
      return { status: 'active', approval: status, ...rest };
    }
    case 'HolidayStatusChanged':
      return state.status === 'none' ? state : { ...state, approval: event.data.status };
    case 'HolidayDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
