import { deleteRow, handlerProjection, updateRow } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { NoteTypeEvent } from '../note-type';
import '../tables';

/** The business's note types, as the desk's note form lists them. */
export const noteTypeProjection = handlerProjection<NoteTypeEvent, Database>('queues.note_types', ['note_types'], {
  NoteTypeCreated: (db, { data: d, recordedAt: at }) =>
    db
      .insertInto('note_types')
      .values({ id: d.note_type_id, tenant_id: d.business_id, name: d.name, color: d.color, created_at: at, updated_at: at })
      .execute(),
  NoteTypeUpdated: (db, e) => updateRow(db, 'note_types', e.data.business_id, e.data.note_type_id, { ...e.data.changes, updated_at: e.recordedAt }),
  NoteTypeDeleted: (db, e) => deleteRow(db, 'note_types', e.data.business_id, e.data.note_type_id),
});
