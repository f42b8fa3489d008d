import type { NoteTypeFields, NoteTypeIds } from './commands';

export type NoteTypeEvent =
  | { type: 'NoteTypeCreated'; data: NoteTypeIds & NoteTypeFields }
  | { type: 'NoteTypeUpdated'; data: NoteTypeIds & { changes: Partial<NoteTypeFields> } }
  | { type: 'NoteTypeDeleted'; data: NoteTypeIds };
export const NOTE_TYPE_EVENT_TYPES = ['NoteTypeCreated', 'NoteTypeUpdated', 'NoteTypeDeleted'] as const;
