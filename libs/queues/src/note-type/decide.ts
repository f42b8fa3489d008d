import { notFound } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny } from '../settings';
import type { NoteTypeCommand, NoteTypeFields } from './commands';
import type { NoteTypeEvent } from './events';
import type { NoteTypeState } from './state';

function check(f: NoteTypeFields): NoteTypeFields {
  const errors: FieldErrors = {};
  const name = (f.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (f.color != null && !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(f.color)) addError(errors, 'color', 'Enter a colour as #rrggbb');
  throwIfAny(errors);
  return { name, color: f.color ?? null };
}

export function decide(command: NoteTypeCommand, state: NoteTypeState): NoteTypeEvent[] {
  const ids = { note_type_id: command.note_type_id, business_id: command.business_id };
  if (command.type === 'CreateNoteType') return state.status === 'none' ? [{ type: 'NoteTypeCreated', data: { ...ids, ...check(command.fields) } }] : [];
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  if (command.type === 'DeleteNoteType') return [{ type: 'NoteTypeDeleted', data: ids }];
  const next = check({ name: state.name, color: state.color, ...command.fields });
  const changes: Partial<NoteTypeFields> = {};
  if (next.name !== state.name) changes.name = next.name;
  if (next.color !== state.color) changes.color = next.color;
  return Object.keys(changes).length ? [{ type: 'NoteTypeUpdated', data: { ...ids, changes } }] : [];
}
