import { specification } from '@tabour/eventstore/testing';
import { bookingDecider, type BookingEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const ids = { booking_id: 'b1', business_id: B };
const created: BookingEvent = {
  type: 'BookingCreated',
  data: {
    ...ids,
    department_id: 'd1',
    member_id: null,
    service_ids: [],
    duration: 30,
    starts_at: '2026-11-24T09:00:00.000Z',
    ends_at: '2026-11-24T09:30:00.000Z',
    date: '2026-11-24',
    slot: '10:00',
    customer_id: 'c1',
    queue_id: 'q1',
    counter_ids: [],
    additional_data: {},
    remarks: null,
    is_online: false,
    sync_booking_with_graph: false,
    location: null,
    phone_number: null,
    attachments: [],
    channel: 'staff',
    status: 'confirmed',
  },
};
const checkIn = { ...ids, type: 'CheckInBooking' as const, queue_id: 'q1', ticket_id: 't1' };
const spec = specification(bookingDecider);

describe('booking check-in', () => {
  it('links the booking to the ticket its check-in made', () => {
    spec
      .given([created])
      .when(checkIn)
      .then([{ type: 'BookingCheckedIn', data: { ...ids, queue_id: 'q1', ticket_id: 't1' } }]);
  });
  it('refuses a second check-in, of the same ticket or another', () => {
    const checkedIn: BookingEvent = { type: 'BookingCheckedIn', data: { ...ids, queue_id: 'q1', ticket_id: 't1' } };
    spec.given([created, checkedIn]).when(checkIn).thenRefuses({ status: 409, code: 'booking_closed' });
    spec
      .given([created, checkedIn])
      .when({ ...checkIn, ticket_id: 't2' })
      .thenRefuses({ status: 409, code: 'booking_closed' });
  });
  it('refuses a cancelled booking, and another business’s as a missing one', () => {
    spec
      .given([created, { type: 'BookingCancelled', data: { ...ids, reason: null } }])
      .when(checkIn)
      .thenRefuses({ status: 409, code: 'booking_closed' });
    spec
      .given([created])
      .when({ ...checkIn, business_id: '22222222-2222-4222-8222-222222222222' })
      .thenRefuses({ status: 404 });
  });
});
