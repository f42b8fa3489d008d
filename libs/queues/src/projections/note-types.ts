import { deleteRow, updateRow, type InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { NOTE_TYPE_EVENT_TYPES, type NoteTypeEvent } from '../note-type';
import '../tables';

/** The business's note types, as the desk's note form lists them. */
export const noteTypeProjection: InlineProjection<NoteTypeEvent, Database> = {
  name: 'queues.note_types',
  tables: ['note_types'],
  handles: NOTE_TYPE_EVENT_TYPES,
  async apply(db, events) {
    for (const { type, data, recordedAt: at } of events) {
      if (type === 'NoteTypeCreated')
        await db
          .insertInto('note_types')
          .values({ id: data.note_type_id, tenant_id: data.business_id, name: data.name, color: data.color, created_at: at, updated_at: at })
          .execute();
      else if (type === 'NoteTypeUpdated') await updateRow(db, 'note_types', data.business_id, data.note_type_id, { ...data.changes, updated_at: at });
      else await deleteRow(db, 'note_types', data.business_id, data.note_type_id);
    }
  },
};
