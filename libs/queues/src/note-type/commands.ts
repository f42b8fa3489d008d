/** Kinds of notes staff put on tickets (e.g. "Allergy", "Follow-up"), a settings resource of the business. */
export interface NoteTypeFields {
  name: string;
  color: string | null;
}

export type NoteTypeIds = { note_type_id: string; business_id: string };
export type NoteTypeCommand =
  | (NoteTypeIds & { type: 'CreateNoteType'; fields: NoteTypeFields })
  | (NoteTypeIds & { type: 'UpdateNoteType'; fields: Partial<NoteTypeFields> })
  | (NoteTypeIds & { type: 'DeleteNoteType' });
