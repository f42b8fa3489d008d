import { newDataKey } from '@tabour/privacy';
import { queuePersonalData } from './pii';

const { open: openQueueEvent, seal: sealQueueEvent, subject: piiSubject } = queuePersonalData;

const ids = { queue_id: 'q1', business_id: 'b1' };
const pushed = {
  type: 'TicketPushed',
  data: { ...ids, rank: 1, estimated_wait_seconds: 0, ticket: { id: 't1', uid: 'u1', label: 'A1', customer_id: null, customer_name: 'Salma Ben Ali' } },
};
const note = {
  type: 'TicketNoteAdded',
  data: { ...ids, ticket_id: 't1', note_type_id: null, text: 'Penicillin allergy', at: '2026-11-24T08:00:00Z', by: null },
};
const submitted = {
  type: 'QueueRequestSubmitted',
  data: { ...ids, request_id: 'r1', uid: 'ru', name: 'Karim', phone: '+21620555111', note: 'Wheelchair', service_ids: [], member_id: null },
};
const updated = { type: 'QueueRequestUpdated', data: { ...ids, request_id: 'r1', uid: 'ru', changes: { phone: '+21620555112', member_id: 'm1' } } };

describe('personal text of queue events', () => {
  const key = newDataKey();

  it.each([pushed, note, submitted, updated])('seals $type so that no personal text is stored, and opens it back', (event) => {
    const stored = sealQueueEvent(event, key);
    expect(JSON.stringify(stored)).not.toMatch(/Salma|Penicillin|Karim|Wheelchair|\+216/);
    expect(stored.data).toHaveProperty('pii', expect.any(String));
    expect(piiSubject(stored)).toBe(piiSubject(event));
    expect(openQueueEvent(stored, key)).toEqual({ event, erased: false });
  });

  it('leaves an event without personal text as it is', () => {
    const walkIn = { ...pushed, data: { ...pushed.data, ticket: { ...pushed.data.ticket, customer_name: null } } };
    expect(piiSubject(walkIn)).toBeNull();
    expect(sealQueueEvent(walkIn, key)).toBe(walkIn);
    const called = { type: 'TicketCalled', data: { ...ids, ticket_id: 't1' } };
    expect(sealQueueEvent(called, key)).toBe(called);
  });

  it('reads the erased placeholders once the key is destroyed, or with another key or subject', () => {
    const stored = sealQueueEvent(note, key);
    expect(openQueueEvent(stored, null)).toEqual({ event: { ...note, data: { ...note.data, text: '' } }, erased: true });
    expect(openQueueEvent(stored, newDataKey()).erased).toBe(true);
    const moved = { ...stored, data: { ...stored.data, ticket_id: 't2' } };
    expect(openQueueEvent(moved, key).erased).toBe(true);
    expect(openQueueEvent<typeof pushed>(sealQueueEvent(pushed, key), null).event.data.ticket.customer_name).toBeNull();
    expect(openQueueEvent(sealQueueEvent(submitted, key), null).event.data).toMatchObject({ name: '', phone: '', note: null });
  });

  it('drops the personal text instead of sealing it when the key was destroyed', () => {
    const stored = sealQueueEvent(note, null);
    expect(stored.data).toEqual({ ...note.data, text: '' });
    expect(sealQueueEvent(updated, null).data.changes).toEqual({ member_id: 'm1' });
  });
});
