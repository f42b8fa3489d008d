import { addError, type FieldErrors, sameJson, throwIfAny } from '../shared';
import type { CatalogCommand } from './commands';
import type { CatalogEvent } from './events';
import type { CatalogState } from './state';

export function decide(command: CatalogCommand, state: CatalogState): CatalogEvent[] {
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
}
