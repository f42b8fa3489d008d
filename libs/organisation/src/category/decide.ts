import { notFound } from '@tabour/platform';
import { addError, isHexColour, throwIfAny, type FieldErrors } from '../shared';
import type { CategoryCommand, CategoryFields } from './commands';
import type { CategoryEvent } from './events';
import type { CategoryState } from './state';

function check(f: CategoryFields): CategoryFields {
  const errors: FieldErrors = {};
  const name = typeof f.name === 'string' ? f.name.trim() : '';
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (f.color != null && !isHexColour(f.color)) addError(errors, 'color', 'Enter a colour as #rrggbb');
  throwIfAny(errors);
  return { name, color: f.color ?? null };
}

export function decide(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
  const ids = { category_id: command.category_id, business_id: command.business_id };
  if (command.type === 'CreateCategory') return state.status === 'none' ? [{ type: 'CategoryCreated', data: { ...ids, ...check(command.fields) } }] : [];
  // Another business's category answers as a missing one.
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound('Category not found');
  if (command.type === 'DeleteCategory') return [{ type: 'CategoryDeleted', data: ids }];
  const next = check({ name: state.name, color: state.color, ...command.fields });
  const changes: Partial<CategoryFields> = {};
  if (next.name !== state.name) changes.name = next.name;
  if (next.color !== state.color) changes.color = next.color;
  return Object.keys(changes).length ? [{ type: 'CategoryUpdated', data: { ...ids, changes } }] : [];
}
