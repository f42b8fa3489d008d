import type { NoteTypeFields } from './commands';

export const noteTypeStream = (id: string) => `notetype-${id}`;
export type NoteTypeState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & NoteTypeFields);
export const initialNoteTypeState = (): NoteTypeState => ({ status: 'none' });
