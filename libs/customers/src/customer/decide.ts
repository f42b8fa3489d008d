import { invalid, notFound } from '@tabour/platform';
import {
  addError,
  checkIdentifiable,
  DEFAULT_SETTINGS,
  EMPTY_PERSONAL,
  normaliseInput,
  splitFields,
  type CustomerSettings,
  type FieldErrors,
  type PersonalFields,
} from '../fields';
import type { CustomerCommand } from './commands';
import type { CustomerEvent } from './events';
import { pickPersonal, type CustomerState } from './state';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function refuse(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors, 'validation_failed');
}

export function decide(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const ids = { customer_id: command.customer_id, business_id: command.business_id };
  if (command.type === 'RegisterCustomer') {
    // A retried create with the same id is already done.
    if (state.status !== 'none') return [];
    const errors: FieldErrors = {};
    const given = normaliseInput(command.input, command.country, errors, command.today);
    const { personal, settings } = splitFields(given);
    const full = { ...EMPTY_PERSONAL, ...personal };
    checkIdentifiable(full, errors);
    refuse(errors);
    return [{ type: 'CustomerRegistered', data: { ...ids, via: command.via ?? 'staff', ...DEFAULT_SETTINGS, ...settings, personal: full } }];
  }
  // Another business's customer answers exactly like a missing one; so does an erased one.
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  switch (command.type) {
    case 'UpdateCustomer': {
      const errors: FieldErrors = {};
      const given = normaliseInput(command.input, command.country, errors, command.today);
      const { personal, settings } = splitFields(given);
      const nextPersonal: PersonalFields = { ...pickPersonal(state), ...personal };
      checkIdentifiable(nextPersonal, errors);
      refuse(errors);
      const personalChanges: Partial<PersonalFields> = {};
      for (const [k, v] of Object.entries(personal))
        if (!same(v, (state as unknown as Record<string, unknown>)[k])) (personalChanges as Record<string, unknown>)[k] = v;
      const changes: Partial<CustomerSettings> = {};
      for (const [k, v] of Object.entries(settings))
        if (!same(v, (state as unknown as Record<string, unknown>)[k])) (changes as Record<string, unknown>)[k] = v;
      const events: CustomerEvent[] = [];
      if (Object.keys(personalChanges).length || Object.keys(changes).length) {
        events.push({ type: 'CustomerUpdated', data: { ...ids, changes, personal: personalChanges } });
      }
      return events;
    }
    case 'ChangeCustomerCategory':
      return state.category === command.category
        ? []
        : [{ type: 'CustomerCategoryChanged', data: { ...ids, category: command.category, previous: state.category } }];
    case 'AddCustomerAttachment': {
      if (state.attachments[command.attachment.attachment_id]) return [];
      const name = command.file_name.trim();
      if (!name || name.length > 255) {
        const errors: FieldErrors = {};
        addError(errors, 'file', 'Attach a valid file');
        refuse(errors);
      }
      return [{ type: 'CustomerAttachmentAdded', data: { ...ids, ...command.attachment, personal: { file_name: name } } }];
    }
    case 'RemoveCustomerAttachment': {
      const key = state.attachments[command.attachment_id];
      if (!key) throw notFound();
      return [{ type: 'CustomerAttachmentRemoved', data: { ...ids, attachment_id: command.attachment_id, storage_key: key } }];
    }
    case 'EraseCustomer':
      return [{ type: 'CustomerErased', data: { ...ids, reason: command.reason, storage_keys: Object.values(state.attachments).sort() } }];
  }
}
