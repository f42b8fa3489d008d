import { conflict, notFound } from '@tabour/platform';
import { addError, type FieldErrors, throwIfAny } from '../shared';
import type { ParentCheck, ServiceCommand, ServiceFields } from './commands';
import type { ServiceEvent } from './events';
import type { ServiceState } from './state';

function checkFields(f: ServiceFields, errors: FieldErrors): ServiceFields {
  const name = (f.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 150) addError(errors, 'name', 'The name may have at most 150 characters');
  if (typeof f.price !== 'number' || !Number.isFinite(f.price) || f.price < 0 || f.price > 1e9)
    addError(errors, 'price', 'The price must be a positive amount');
  else if (Math.round(f.price * 100) !== Number((f.price * 100).toFixed(6))) addError(errors, 'price', 'The price may have at most two decimals');
  if (!Number.isInteger(f.duration_seconds) || f.duration_seconds < 1 || f.duration_seconds > 86400) {
    addError(errors, 'duration', 'The duration must be from 1 second to 24 hours');
  }
  const category = f.category == null ? null : String(f.category).trim() || null;
  if (category && category.length > 100) addError(errors, 'category', 'The category may have at most 100 characters');
  return { ...f, name, category, price: Math.round(f.price * 100) / 100 };
}

function checkParent(serviceId: string, parentId: string | null, parent: ParentCheck | null | undefined, errors: FieldErrors): void {
  if (parentId === null) return;
  if (!parent || parent.id !== parentId) addError(errors, 'parent_id', 'Select a valid parent service');
  else if (parent.id === serviceId || parent.ancestors.includes(serviceId)) {
    addError(errors, 'parent_id', 'A service cannot be placed under itself or one of its sub-services');
  }
}

export function decide(command: ServiceCommand, state: ServiceState): ServiceEvent[] {
  const ids = { service_id: command.service_id, business_id: command.business_id };
  const errors: FieldErrors = {};
  if (command.type === 'CreateService') {
    if (state.status !== 'none') return [];
    const fields = checkFields(command.fields, errors);
    checkParent(command.service_id, fields.parent_id, command.parent, errors);
    throwIfAny(errors);
    return [{ type: 'ServiceCreated', data: { ...ids, ...fields } }];
  }
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  switch (command.type) {
    case 'UpdateService': {
      const { status: _s, business_id: _b, ...current } = state;
      const next = checkFields({ ...current, ...command.fields }, errors);
      if (next.parent_id !== current.parent_id) checkParent(command.service_id, next.parent_id, command.parent, errors);
      throwIfAny(errors);
      const changes: Partial<ServiceFields> = {};
      for (const key of Object.keys(next) as (keyof ServiceFields)[]) {
        if (next[key] !== current[key]) (changes as Record<string, unknown>)[key] = next[key];
      }
      return Object.keys(changes).length ? [{ type: 'ServiceUpdated', data: { ...ids, changes } }] : [];
    }
    case 'DeleteService':
      // Orphaned sub-services would silently move to the top level: the user decides first.
      if (command.has_sub_services) throw conflict('Delete or move its sub-services first', 'has_sub_services');
      return [{ type: 'ServiceDeleted', data: ids }];
  }
}
