import { newDataKey } from './crypto';
import { anyOf, personalEvents } from './personal-events';

const T1 = '11111111-1111-4111-8111-111111111111';

const tickets = personalEvents({
  TicketPushed: { subject: (d) => (d.ticket as { id: string }).id, within: 'ticket', fields: ['customer_name'], erased: { customer_name: null } },
});
const bookings = personalEvents({
  BookingUpdated: { subject: (d) => d.booking_id as string, within: 'changes', fields: ['phone_number', 'remarks'], erased: {}, sealsNull: true },
});

describe('personal data of events', () => {
  it('opens an event sealed by an earlier version (the stored form never changes)', () => {
    // Sealed with the key of seven-bytes and a fixed nonce, as the log holds it.
    const stored = {
      type: 'TicketPushed',
      data: { queue_id: 'q1', ticket: { id: T1, label: 'A1' }, pii: 'v1.AwMDAwMDAwMDAwMD.XtzAdilcMS8fMhwyijqaLtces47Y-PVSUg.0Fy_j_-Bxc8jojhHRle04g' },
    };
    expect(tickets.open(stored, Buffer.alloc(32, 7))).toEqual({
      event: { type: 'TicketPushed', data: { queue_id: 'q1', ticket: { id: T1, label: 'A1', customer_name: 'Salma' } } },
      erased: false,
    });
    expect(tickets.open(stored, null).event.data).toEqual({ queue_id: 'q1', ticket: { id: T1, label: 'A1', customer_name: null } });
  });

  it('seals a field given as null only where the spec says so', () => {
    const key = newDataKey();
    const walkIn = { type: 'TicketPushed', data: { ticket: { id: T1, customer_name: null } } };
    expect(tickets.subject(walkIn)).toBeNull();
    expect(tickets.seal(walkIn, key)).toBe(walkIn);
    const cleared = { type: 'BookingUpdated', data: { booking_id: T1, changes: { phone_number: null, starts_at: 'x' } } };
    expect(bookings.subject(cleared)).toBe(T1);
    const stored = bookings.seal(cleared, key);
    expect(stored.data).toEqual({ booking_id: T1, changes: { starts_at: 'x' }, pii: expect.stringMatching(/^v1\./) });
    expect(bookings.open(stored, key)).toEqual({ event: cleared, erased: false });
  });

  it('merges the sealings of several contexts', () => {
    const both = anyOf(tickets, bookings);
    expect(both.eventTypes).toEqual(['TicketPushed', 'BookingUpdated']);
    expect(both.subject({ type: 'BookingUpdated', data: { booking_id: T1, changes: { remarks: 'r' } } })).toBe(T1);
    expect(both.subject({ type: 'CustomerUpdated', data: { pii: 'x' } })).toBeNull();
  });
});
