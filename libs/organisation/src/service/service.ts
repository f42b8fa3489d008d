import type { Decider } from '@tabour/eventstore';
import { conflict, notFound } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny, sameJson } from '../shared';

export interface ServiceFields {
  name: string;
  /** In the business's currency, two decimals. */
  price: number;
  duration_seconds: number;
  category: string | null;
  parent_id: string | null;
}

export type DurationUnit = 'minutes' | 'seconds';

/** Durations are kept in seconds; the screens may enter minutes. */
export function toSeconds(duration: number, unit: DurationUnit = 'minutes'): number {
  return unit === 'seconds' ? duration : Math.round(duration * 60);
}

/**
 * The parent a service is to hang under, as the command handler found it in the business:
 * `ancestors` lists the parent and the parents above it, so a cycle shows without a read.
 */
export interface ParentCheck {
  id: string;
  ancestors: string[];
}

export type ServiceCommand =
  | { type: 'CreateService'; service_id: string; business_id: string; fields: ServiceFields; parent: ParentCheck | null }
  | { type: 'UpdateService'; service_id: string; business_id: string; fields: Partial<ServiceFields>; parent?: ParentCheck | null }
  | { type: 'DeleteService'; service_id: string; business_id: string; has_sub_services: boolean };

export type ServiceEvent =
  | { type: 'ServiceCreated'; data: { service_id: string; business_id: string } & ServiceFields }
  | { type: 'ServiceUpdated'; data: { service_id: string; business_id: string; changes: Partial<ServiceFields> } }
  | { type: 'ServiceDeleted'; data: { service_id: string; business_id: string } };

export const SERVICE_EVENT_TYPES = ['ServiceCreated', 'ServiceUpdated', 'ServiceDeleted'] as const;

export type ServiceState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & ServiceFields);

export const serviceStream = (id: string) => `service-${id}`;

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

export const serviceDecider: Decider<ServiceCommand, ServiceState, ServiceEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
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
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ServiceCreated': {
        const { service_id: _i, ...rest } = event.data;
        return { status: 'active', ...rest };
      }
      case 'ServiceUpdated':
        return state.status === 'none' ? state : { ...state, ...event.data.changes };
      case 'ServiceDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
};

/** The USSD menu order of all a business's services, one stream per business. */
export type CatalogCommand = { type: 'ReorderServices'; business_id: string; order: string[]; existing: string[] };
export type CatalogEvent = { type: 'ServicesReordered'; data: { business_id: string; order: string[] } };
export interface CatalogState {
  order: string[];
}
export const catalogStream = (businessId: string) => `servicecatalog-${businessId}`;

export const catalogDecider: Decider<CatalogCommand, CatalogState, CatalogEvent> = {
  initialState: () => ({ order: [] }),
  decide(command, state) {
    const errors: FieldErrors = {};
    const unique = new Set(command.order);
    if (unique.size !== command.order.length) addError(errors, 'order', 'Each service may appear only once');
    const existing = new Set(command.existing);
    // The order names every service exactly once, so no service is left without a place.
    if (command.order.some((id) => !existing.has(id))) addError(errors, 'order', 'The order names a service that does not exist');
    else if (unique.size !== existing.size) addError(errors, 'order', 'The order must name every service');
    throwIfAny(errors);
    if (sameJson(state.order, command.order)) return [];
    return [{ type: 'ServicesReordered', data: { business_id: command.business_id, order: command.order } }];
  },
  evolve: (_state, event) => ({ order: event.data.order }),
};
