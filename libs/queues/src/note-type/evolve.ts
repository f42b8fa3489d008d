import type { NoteTypeEvent } from './events';
import type { NoteTypeState } from './state';

export function evolve(state: NoteTypeState, event: NoteTypeEvent): NoteTypeState {
  switch (event.type) {
    case 'NoteTypeCreated':
      return { status: 'active', business_id: event.data.business_id, name: event.data.name, color: event.data.color };
    case 'NoteTypeUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'NoteTypeDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}
