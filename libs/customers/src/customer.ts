import type { Decider } from '@tabour/eventstore';
import { invalid, notFound } from '@tabour/platform';
import {
  addError,
  Category,
  checkIdentifiable,
  CustomerInput,
  CustomerSettings,
  DEFAULT_SETTINGS,
  EMPTY_PERSONAL,
  FieldErrors,
  normaliseInput,
  PersonalFields,
  splitFields,
} from './fields';

export const customerStream = (id: string) => `customer-${id}`;

export interface AttachmentInfo {
  attachment_id: string;
  storage_key: string;
  content_type: string;
  size: number;
}

export type EraseReason = 'request' | 'history_deleted';

export type CustomerCommand =
  | {
      type: 'RegisterCustomer';
      customer_id: string;
      business_id: string;
      country: string | null;
      today?: string;
      input: CustomerInput;
      via?: 'staff' | 'import' | 'kiosk';
    }
  | { type: 'UpdateCustomer'; customer_id: string; business_id: string; country: string | null; today?: string; input: CustomerInput }
  | { type: 'ChangeCustomerCategory'; customer_id: string; business_id: string; category: Category }
  | { type: 'AddCustomerAttachment'; customer_id: string; business_id: string; attachment: AttachmentInfo; file_name: string }
  | { type: 'RemoveCustomerAttachment'; customer_id: string; business_id: string; attachment_id: string }
  | { type: 'EraseCustomer'; customer_id: string; business_id: string; reason: EraseReason };

/**
 * `personal` is plain in the decider and its tests; the store keeps it only sealed with the
 * customer's key (see crypto.ts). After erasure it reads back as null.
 */
export type CustomerEvent =
  | {
      type: 'CustomerRegistered';
      data: { customer_id: string; business_id: string; via: 'staff' | 'import' | 'kiosk' } & CustomerSettings & { personal: PersonalFields | null };
    }
  | {
      type: 'CustomerUpdated';
      data: { customer_id: string; business_id: string; changes: Partial<CustomerSettings>; personal: Partial<PersonalFields> | null };
    }
  | { type: 'CustomerCategoryChanged'; data: { customer_id: string; business_id: string; category: Category; previous: Category } }
  | { type: 'CustomerAttachmentAdded'; data: { customer_id: string; business_id: string } & AttachmentInfo & { personal: { file_name: string } | null } }
  | { type: 'CustomerAttachmentRemoved'; data: { customer_id: string; business_id: string; attachment_id: string; storage_key: string } }
  | { type: 'CustomerErased'; data: { customer_id: string; business_id: string; reason: EraseReason; storage_keys: string[] } };

export const CUSTOMER_EVENT_TYPES = [
  'CustomerRegistered',
  'CustomerUpdated',
  'CustomerCategoryChanged',
  'CustomerAttachmentAdded',
  'CustomerAttachmentRemoved',
  'CustomerErased',
] as const;

/** The events whose data carries a `personal` part that is sealed in the store. */
export const SEALED_EVENT_TYPES: readonly string[] = ['CustomerRegistered', 'CustomerUpdated', 'CustomerAttachmentAdded'];

export type CustomerState =
  { status: 'none' } | ({ status: 'active' | 'erased'; business_id: string; attachments: Record<string, string> } & CustomerSettings & PersonalFields);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function refuse(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors, 'validation_failed');
}

export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
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
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CustomerRegistered': {
        const { customer_id: _c, via: _v, personal, ...rest } = event.data;
        return { status: 'active', attachments: {}, ...EMPTY_PERSONAL, ...(personal ?? {}), ...rest };
      }
      case 'CustomerUpdated':
        return state.status === 'none' ? state : { ...state, ...event.data.changes, ...(event.data.personal ?? {}) };
      case 'CustomerCategoryChanged':
        return state.status === 'none' ? state : { ...state, category: event.data.category };
      case 'CustomerAttachmentAdded':
        return state.status === 'none' ? state : { ...state, attachments: { ...state.attachments, [event.data.attachment_id]: event.data.storage_key } };
      case 'CustomerAttachmentRemoved': {
        if (state.status === 'none') return state;
        const { [event.data.attachment_id]: _gone, ...attachments } = state.attachments;
        return { ...state, attachments };
      }
      case 'CustomerErased':
        return state.status === 'none' ? state : { ...state, ...EMPTY_PERSONAL, status: 'erased', attachments: {} };
      default:
        return state;
    }
  },
};

export function pickPersonal(state: Partial<PersonalFields>): PersonalFields {
  const out = { ...EMPTY_PERSONAL };
  for (const k of Object.keys(EMPTY_PERSONAL) as (keyof PersonalFields)[]) if (state[k] !== undefined) (out as Record<string, unknown>)[k] = state[k];
  return out;
}
