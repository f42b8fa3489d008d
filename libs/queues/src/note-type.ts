import type { Decider } from '@tabour/eventstore';
import { notFound } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny } from './settings';

/** Kinds of notes staff put on tickets (e.g. "Allergy", "Follow-up"), a settings resource of the business. */
export interface NoteTypeFields {
  name: string;
  color: string | null;
}
export const noteTypeStream = (id: string) => `notetype-${id}`;

type Ids = { note_type_id: string; business_id: string };
export type NoteTypeCommand =
  | (Ids & { type: 'CreateNoteType'; fields: NoteTypeFields })
  | (Ids & { type: 'UpdateNoteType'; fields: Partial<NoteTypeFields> })
  | (Ids & { type: 'DeleteNoteType' });
export type NoteTypeEvent =
  | { type: 'NoteTypeCreated'; data: Ids & NoteTypeFields }
  | { type: 'NoteTypeUpdated'; data: Ids & { changes: Partial<NoteTypeFields> } }
  | { type: 'NoteTypeDeleted'; data: Ids };
export const NOTE_TYPE_EVENT_TYPES = ['NoteTypeCreated', 'NoteTypeUpdated', 'NoteTypeDeleted'] as const;
export type NoteTypeState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & NoteTypeFields);

function check(f: NoteTypeFields): NoteTypeFields {
  const errors: FieldErrors = {};
  const name = (f.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (f.color != null && !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(f.color)) addError(errors, 'color', 'Enter a colour as #rrggbb');
  throwIfAny(errors);
  return { name, color: f.color ?? null };
}

export const noteTypeDecider: Decider<NoteTypeCommand, NoteTypeState, NoteTypeEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const ids = { note_type_id: command.note_type_id, business_id: command.business_id };
    if (command.type === 'CreateNoteType') return state.status === 'none' ? [{ type: 'NoteTypeCreated', data: { ...ids, ...check(command.fields) } }] : [];
    if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
    if (command.type === 'DeleteNoteType') return [{ type: 'NoteTypeDeleted', data: ids }];
    const next = check({ name: state.name, color: state.color, ...command.fields });
    const changes: Partial<NoteTypeFields> = {};
    if (next.name !== state.name) changes.name = next.name;
    if (next.color !== state.color) changes.color = next.color;
    return Object.keys(changes).length ? [{ type: 'NoteTypeUpdated', data: { ...ids, changes } }] : [];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'NoteTypeCreated':
        return { status: 'active', business_id: event.data.business_id, name: event.data.name, color: event.data.color };
      case 'NoteTypeUpdated':
        return state.status === 'none' ? state : { ...state, ...event.data.changes };
      case 'NoteTypeDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
