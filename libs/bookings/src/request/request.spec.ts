import { specification } from '@tabour/eventstore/testing';
import { bookingRequestDecider, BookingRequestEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const R = '22222222-2222-4222-8222-222222222222';
const D = '33333333-3333-4333-8333-333333333333';
const ids = { request_id: R, business_id: B };
const data = { department_id: D, starts_at: '2026-06-01T08:00:00Z', is_online: true };
const requested: BookingRequestEvent = { type: 'BookingRequested', data: { ...ids, flow: 'booking', data, department_id: D, customer_id: null } };
const rule = { rule_id: '44444444-4444-4444-8444-444444444444', rule_name: 'VIP first', by: null };
const staff = { rule_id: null, rule_name: null, by: '55555555-5555-4555-8555-555555555555' };
const spec = specification(bookingRequestDecider);

describe('booking requests', () => {
  it('records the request as asked', () => {
    spec
      .given([])
      .when({ type: 'RequestBooking', ...ids, flow: 'booking', data, customer_id: null })
      .then([requested]);
    spec
      .given([requested])
      .when({ type: 'RequestBooking', ...ids, flow: 'booking', data, customer_id: null })
      .thenNothingHappens();
  });

  it('records the rule that approved it, with the booking made', () => {
    spec
      .given([requested])
      .when({ type: 'ApproveBookingRequest', ...ids, ...rule, booking_id: R, data })
      .then([{ type: 'BookingRequestApproved', data: { ...ids, ...rule, booking_id: R, data } }]);
  });

  it('records the staff member who declined it and why', () => {
    spec
      .given([requested])
      .when({ type: 'DeclineBookingRequest', ...ids, ...staff, reason: ' Fully booked ' })
      .then([{ type: 'BookingRequestDeclined', data: { ...ids, ...staff, reason: 'Fully booked' } }]);
    spec
      .given([requested])
      .when({ type: 'DeclineBookingRequest', ...ids, ...staff, reason: 'x'.repeat(501) })
      .thenRefuses({ fields: ['reason'] });
  });

  it('decides once: a decided request answers 409, a retried approval or decline changes nothing', () => {
    const approved: BookingRequestEvent = { type: 'BookingRequestApproved', data: { ...ids, ...staff, booking_id: R, data } };
    const declined: BookingRequestEvent = { type: 'BookingRequestDeclined', data: { ...ids, ...staff, reason: null } };
    spec
      .given([requested, approved])
      .when({ type: 'ApproveBookingRequest', ...ids, ...staff, booking_id: R, data })
      .thenNothingHappens();
    spec
      .given([requested, approved])
      .when({ type: 'DeclineBookingRequest', ...ids, ...staff, reason: null })
      .thenRefuses({ status: 409 });
    spec
      .given([requested, declined])
      .when({ type: 'ApproveBookingRequest', ...ids, ...staff, booking_id: R, data })
      .thenRefuses({ status: 409 });
    spec
      .given([requested, declined])
      .when({ type: 'DeclineBookingRequest', ...ids, ...staff, reason: 'again' })
      .thenNothingHappens();
  });

  it("answers 404 for a missing request or another business's", () => {
    spec
      .given([])
      .when({ type: 'ApproveBookingRequest', ...ids, ...staff, booking_id: R, data })
      .thenRefuses({ status: 404 });
    spec
      .given([requested])
      .when({ type: 'DeclineBookingRequest', ...ids, business_id: '66666666-6666-4666-8666-666666666666', ...staff, reason: null })
      .thenRefuses({ status: 404 });
  });
});
