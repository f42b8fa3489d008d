import { EMPTY_PERSONAL } from '../fields';
import type { CustomerEvent } from './events';
import type { CustomerState } from './state';

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customer_id: _c, via: _v, personal, ...rest } = event.data;
      return { status: 'active', attachments: {}, ...EMPTY_PERSONAL, ...(personal ?? {}), ...rest };
    }
    case 'CustomerUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes, ...(event.data.personal ?? {}) };
    case 'CustomerCategoryChanged':
      return state.status === 'none' ? state : { ...state, category: event.data.category };
    case 'CustomerAttachmentAdded':
      return state.status === 'none' ? state : { ...state, attachments: { ...state.attachments, [event.data.attachment_id]: event.data.storage_key } };
    case 'CustomerAttachmentRemoved': {
      if (state.status === 'none') return state;
      const { [event.data.attachment_id]: _gone, ...attachments } = state.attachments;
      return { ...state, attachments };
    }
    case 'CustomerErased':
      return state.status === 'none' ? state : { ...state, ...EMPTY_PERSONAL, status: 'erased', attachments: {} };
    default:
      return state;
  }
}
