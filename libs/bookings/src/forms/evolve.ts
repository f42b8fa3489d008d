import type { FormsEvent } from './events';
import type { FormsState } from './state';

export function evolve(state: FormsState, event: FormsEvent): FormsState {
  const fields = new Map(state.fields);
  switch (event.type) {
    case 'FormFieldCreated':
    case 'FormFieldUpdated': {
      const { business_id: _b, field_id, ...rest } = event.data;
      fields.set(field_id, rest);
      return { fields };
    }
    case 'FormFieldDeleted':
      fields.delete(event.data.field_id);
      return { fields };
    default:
      return state;
  }
}
