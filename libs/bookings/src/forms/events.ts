import type { FormFieldFields, Ids } from './commands';

export type FormsEvent =
  | { type: 'FormFieldCreated'; data: Ids & FormFieldFields }
  | { type: 'FormFieldUpdated'; data: Ids & FormFieldFields }
  | { type: 'FormFieldDeleted'; data: Ids };

export const FORMS_EVENT_TYPES = ['FormFieldCreated', 'FormFieldUpdated', 'FormFieldDeleted'] as const;
