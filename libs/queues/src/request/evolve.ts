import type { QueueRequestEvent } from './events';
import type { QueueRequestState } from './state';

export function evolve(state: QueueRequestState, event: QueueRequestEvent): QueueRequestState {
  if (event.type === 'QueueRequestSubmitted') {
    const { request_id: _r, business_id, queue_id, uid, ...fields } = event.data;
    return { status: 'pending', business_id, queue_id, uid, fields, ticket: null, reason: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'QueueRequestUpdated':
      return { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'QueueRequestApproved': {
      const { ticket_id, ticket_uid, label, customer_id } = event.data;
      return { ...state, status: 'approved', ticket: { ticket_id, ticket_uid, label, customer_id } };
    }
    case 'QueueRequestDeclined':
      return { ...state, status: 'declined', reason: event.data.reason };
    case 'QueueRequestDeleted':
      return { ...state, status: 'deleted' };
  }
}
