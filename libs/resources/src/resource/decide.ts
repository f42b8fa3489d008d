import { addError, RESOURCE_KINDS, type FieldErrors } from '@tabour/contracts';
import { notFound, throwIfAny } from '@tabour/platform';
import { RESOURCE_DEFAULTS, type ResourceCommand, type ResourceFields } from './commands';
import type { ResourceEvent } from './events';
import type { ResourceState } from './state';

const MAX_CAPACITY = 10_000;

function checkFields(f: ResourceFields, known: string[], errors: FieldErrors): ResourceFields {
  const name = typeof f.name === 'string' ? f.name.trim() : '';
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 150) addError(errors, 'name', 'The name may have at most 150 characters');
  if (!RESOURCE_KINDS.includes(f.kind)) addError(errors, 'kind', `Select a valid kind (${RESOURCE_KINDS.join(', ')})`);
  if (!Number.isInteger(f.capacity) || f.capacity < 1 || f.capacity > MAX_CAPACITY)
    addError(errors, 'capacity', `The capacity must be a whole number from 1 to ${MAX_CAPACITY}`);
  if (typeof f.active !== 'boolean') addError(errors, 'active', 'active must be true or false');
  // A set, kept sorted, so the same departments in another order are no change.
  const departments = [...new Set(f.department_ids ?? [])].sort();
  if (departments.some((d) => !known.includes(d))) addError(errors, 'department_ids', 'Select valid departments');
  return { ...f, name, department_ids: departments };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decide(command: ResourceCommand, state: ResourceState): ResourceEvent[] {
  const ids = { resource_id: command.resource_id, business_id: command.business_id };
  const errors: FieldErrors = {};
  if (command.type === 'CreateResource') {
    // A retried create with the same id is already done.
    if (state.status !== 'none') return [];
    const fields = checkFields({ ...RESOURCE_DEFAULTS, ...command.fields } as ResourceFields, command.known_department_ids, errors);
    throwIfAny(errors);
    return [{ type: 'ResourceCreated', data: { ...ids, ...fields } }];
  }
  // Another business's resource answers exactly like a missing one.
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  if (command.type === 'DeleteResource') return [{ type: 'ResourceDeleted', data: ids }];
  const { status: _s, business_id: _b, ...current } = state;
  // Departments kept from before stay valid even when the caller checked only the new ones.
  const known = [...command.known_department_ids, ...current.department_ids];
  const next = checkFields({ ...current, ...command.fields }, known, errors);
  throwIfAny(errors);
  const changes: Partial<ResourceFields> = {};
  for (const key of Object.keys(next) as (keyof ResourceFields)[]) {
    if (!same(next[key], current[key])) (changes as Record<string, unknown>)[key] = next[key];
  }
  return Object.keys(changes).length ? [{ type: 'ResourceUpdated', data: { ...ids, changes } }] : [];
}
