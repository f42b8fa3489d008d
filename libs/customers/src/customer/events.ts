import type { Category, CustomerSettings, PersonalFields } from '../fields';
import type { AttachmentInfo, EraseReason } from './commands';

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
