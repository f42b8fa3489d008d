import { specification } from '@tabour/eventstore/testing';
import { noteTypeDecider, type NoteTypeCommand, type NoteTypeEvent } from '.';

const ids = { note_type_id: 'n1', business_id: 'b1' };
const created: NoteTypeEvent = { type: 'NoteTypeCreated', data: { ...ids, name: 'Allergy', color: '#ff0000' } };
const update = (fields: Record<string, unknown>, business_id = 'b1'): NoteTypeCommand => ({ type: 'UpdateNoteType', ...ids, business_id, fields });

describe('note type', () => {
  const spec = specification(noteTypeDecider);

  it('creates one with its name trimmed', () =>
    void spec
      .given([])
      .when({ type: 'CreateNoteType', ...ids, fields: { name: ' Allergy ', color: '#ff0000' } })
      .then([created]));

  it('does nothing when the same create is retried', () =>
    void spec
      .given([created])
      .when({ type: 'CreateNoteType', ...ids, fields: { name: 'Allergy', color: null } })
      .then([]));

  it('refuses an empty name and a colour that is not #rrggbb, naming both fields', () =>
    void spec
      .given([])
      .when({ type: 'CreateNoteType', ...ids, fields: { name: ' ', color: 'red' } })
      .thenRefuses({ status: 422, fields: ['name', 'color'] }));

  it('records only what an update changes, and nothing for the same values', () => {
    spec
      .given([created])
      .when(update({ name: 'Allergy', color: '#00ff00' }))
      .then([{ type: 'NoteTypeUpdated', data: { ...ids, changes: { color: '#00ff00' } } }]);
    spec
      .given([created])
      .when(update({ name: 'Allergy' }))
      .then([]);
  });

  it('is not found by another business, nor once deleted', () => {
    spec
      .given([created])
      .when(update({ name: 'X' }, 'b2'))
      .thenRefuses({ status: 404 });
    spec
      .given([created, { type: 'NoteTypeDeleted', data: ids }])
      .when({ type: 'DeleteNoteType', ...ids })
      .thenRefuses({ status: 404 });
  });
});
