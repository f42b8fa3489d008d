import type { DepartmentEvent } from './events';
import type { DepartmentState } from './state';

export function evolve(state: DepartmentState, event: DepartmentEvent): DepartmentState {
  switch (event.type) {
    case 'DepartmentCreated': {
      const { department_id: _d, ...rest } = event.data;
      return { status: 'active', ...rest };
    }
    case 'DepartmentUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'DepartmentTranslationsUpdated':
      return state.status === 'none' ? state : { ...state, translations: { ...state.translations, ...event.data.translations } };
    case 'DepartmentDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
