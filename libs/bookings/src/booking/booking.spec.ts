import { specification } from '@tabour/eventstore/testing';
import { bookingDecider, type BookingContext, type BookingEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ID = '33333333-3333-4333-8333-333333333333';
const DEP = '44444444-4444-4444-8444-444444444444';
const S1 = '55555555-5555-4555-8555-555555555555';
const S2 = '66666666-6666-4666-8666-666666666666';
const M = '77777777-7777-4777-8777-777777777777';
const C = '88888888-8888-4888-8888-888888888888';

const context = (changes: Partial<BookingContext> = {}): BookingContext => ({
  time_zone: 'Europe/Paris',
  department: {
    id: DEP,
    slot_duration: 15,
    must_select_member: false,
    services: [
      { id: S1, duration_seconds: 1200 },
      { id: S2, duration_seconds: 600 },
    ],
  },
  business_service_ids: [S1, S2],
  bookable_member_ids: [M],
  customer_known: true,
  needs_confirmation: false,
  ...changes,
});

const create = (input: Record<string, unknown> = {}, ctx = context()) =>
  ({
    type: 'CreateBooking',
    booking_id: ID,
    business_id: B,
    channel: 'staff',
    context: ctx,
    input: { department_id: DEP, starts_at: '2026-03-29T09:00:00+02:00', ...input },
  }) as const;

const created = (): BookingEvent => bookingDecider.decide(create({ service_ids: [S1, S2], member_id: M, customer_id: C }), { status: 'none' })[0];

const spec = specification(bookingDecider);

describe('bookings', () => {
  it("creates a booking whose length is its services' sum, dated and timed in the business's zone", () => {
    spec
      .given([])
      .when(create({ service_ids: [S1, S2], member_id: M, customer_id: C, remarks: ' first visit ' }))
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          type: 'BookingCreated',
          data: {
            duration: 30,
            starts_at: '2026-03-29T07:00:00.000Z',
            ends_at: '2026-03-29T07:30:00.000Z',
            date: '2026-03-29',
            slot: '09:00',
            status: 'confirmed',
            remarks: 'first visit',
            member_id: M,
          },
        });
      });
  });

  it("takes the department's slot length when no service is chosen, and waits for staff when bookings need confirmation", () => {
    spec
      .given([])
      .when(create({}, context({ needs_confirmation: true })))
      .then((events) => expect(events[0]).toMatchObject({ data: { duration: 15, status: 'pending' } }));
  });

  it("refuses another department's or business's service, a member it may not book, an unknown customer and a start without offset, all at once", () => {
    const error = spec
      .given([])
      .when(create({ service_ids: [S1, OTHER], member_id: OTHER, customer_id: C, starts_at: '2026-03-29 09:00' }, context({ customer_known: false })))
      .thenRefuses({ status: 422 });
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['customer_id', 'member_id', 'service_ids.1', 'starts_at']);
  });

  it('requires a member where the department says so, and a department of the business', () => {
    spec
      .given([])
      .when(create({}, context({ department: { ...context().department!, must_select_member: true } })))
      .thenRefuses({ status: 422, fields: ['member_id'] });
    spec
      .given([])
      .when(create({}, context({ department: null })))
      .thenRefuses({ status: 422, fields: ['department_id'] });
  });

  it('gives a booking naming no member the free one the context step found, and refuses a slot without one after the form', () => {
    spec
      .given([])
      .when(create({}, context({ free_member: { member_id: M } })))
      .then((events) => expect(events[0]).toMatchObject({ type: 'BookingCreated', data: { member_id: M } }));
    // A member named keeps its booking: the free one is only for a booking naming none.
    spec
      .given([])
      .when(create({ member_id: M }, context({ free_member: { refused: { message: 'No one is free', code: 'slot_member_busy' } } })))
      .then((events) => expect(events[0]).toMatchObject({ data: { member_id: M } }));
    const refused = spec
      .given([])
      .when(create({}, context({ free_member: { refused: { message: 'No one is free', code: 'slot_member_busy' } } })))
      .thenRefuses({ status: 409 });
    expect(refused).toMatchObject({ code: 'slot_member_busy', message: 'No one is free' });
    spec
      .given([])
      .when(create({ service_ids: ['not-an-id'] }, context({ free_member: { refused: { message: 'No one is free', code: 'slot_member_busy' } } })))
      .thenRefuses({ status: 422, fields: ['service_ids'] });
  });

  it("passes on the form fields' refusals of additional_data", () => {
    spec
      .given([])
      .when(create({ additional_data: { f1: '' } }, context({ additional_data_errors: { f1: ['This field is required'] } })))
      .thenRefuses({ status: 422, fields: ['additional_data.f1'] });
  });

  it('treats a retried create as done', () => {
    spec.given([created()]).when(create()).thenNothingHappens();
  });

  it('reschedules on a new start, keeping the previous place in the event', () => {
    spec
      .given([created()])
      .when({ type: 'UpdateBooking', booking_id: ID, business_id: B, context: context(), input: { starts_at: '2026-03-30T10:00:00+02:00' } })
      .then((events) => {
        expect(events).toEqual([
          expect.objectContaining({
            type: 'BookingRescheduled',
            data: expect.objectContaining({
              starts_at: '2026-03-30T08:00:00.000Z',
              slot: '10:00',
              date: '2026-03-30',
              duration: 30,
              previous: expect.objectContaining({ slot: '09:00' }),
            }),
          }),
        ]);
      });
  });

  it('updates the other fields without moving the booking, and an update that changes nothing appends nothing', () => {
    spec
      .given([created()])
      .when({
        type: 'UpdateBooking',
        booking_id: ID,
        business_id: B,
        context: context(),
        input: { remarks: 'Bring the X-ray', starts_at: '2026-03-29T07:00:00Z' },
      })
      .then([{ type: 'BookingUpdated', data: { booking_id: ID, business_id: B, changes: { remarks: 'Bring the X-ray' } } }]);
    spec
      .given([created()])
      .when({ type: 'UpdateBooking', booking_id: ID, business_id: B, context: context(), input: { member_id: M } })
      .thenNothingHappens();
  });

  it('changes the resources as a whole set: another order, or none where none were held, changes nothing', () => {
    const R1 = '99999999-9999-4999-8999-999999999991';
    const R2 = '99999999-9999-4999-8999-999999999992';
    const update = (resource_ids: unknown) => ({
      type: 'UpdateBooking' as const,
      booking_id: ID,
      business_id: B,
      context: context(),
      input: { resource_ids } as never,
    });
    spec
      .given([created()])
      .when(update([R2, R1, R2]))
      .then([{ type: 'BookingUpdated', data: { booking_id: ID, business_id: B, changes: { resource_ids: [R2, R1] } } }]);
    spec.given([created()]).when(update([])).thenNothingHappens();
    const holding: BookingEvent = { type: 'BookingUpdated', data: { booking_id: ID, business_id: B, changes: { resource_ids: [R1, R2] } } };
    spec
      .given([created(), holding])
      .when(update([R2, R1]))
      .thenNothingHappens();
    spec
      .given([created(), holding])
      .when(update(null))
      .then([{ type: 'BookingUpdated', data: { booking_id: ID, business_id: B, changes: { resource_ids: [] } } }]);
    spec
      .given([created()])
      .when(update(['room']))
      .thenRefuses({ status: 422 });
  });

  it('cancels once, and refuses to change a cancelled booking', () => {
    const cancelled: BookingEvent = { type: 'BookingCancelled', data: { booking_id: ID, business_id: B, reason: 'ill' } };
    spec.given([created()]).when({ type: 'CancelBooking', booking_id: ID, business_id: B, reason: ' ill ' }).then([cancelled]);
    spec.given([created(), cancelled]).when({ type: 'CancelBooking', booking_id: ID, business_id: B, reason: null }).thenNothingHappens();
    spec
      .given([created(), cancelled])
      .when({ type: 'UpdateBooking', booking_id: ID, business_id: B, context: context(), input: { remarks: 'x' } })
      .thenRefuses({ status: 409 });
  });

  it('marks a no-show and completes, each once', () => {
    spec
      .given([created()])
      .when({ type: 'MarkBookingNoShow', booking_id: ID, business_id: B })
      .then([{ type: 'BookingMarkedNoShow', data: { booking_id: ID, business_id: B } }]);
    spec
      .given([created(), { type: 'BookingCompleted', data: { booking_id: ID, business_id: B } }])
      .when({ type: 'CompleteBooking', booking_id: ID, business_id: B })
      .thenNothingHappens();
    spec
      .given([created(), { type: 'BookingCompleted', data: { booking_id: ID, business_id: B } }])
      .when({ type: 'MarkBookingNoShow', booking_id: ID, business_id: B })
      .thenRefuses({ status: 409 });
  });

  it("answers another business's booking, and a deleted one, as missing", () => {
    spec.given([created()]).when({ type: 'CancelBooking', booking_id: ID, business_id: OTHER, reason: null }).thenRefuses({ status: 404 });
    spec
      .given([created(), { type: 'BookingDeleted', data: { booking_id: ID, business_id: B } }])
      .when({ type: 'DeleteBooking', booking_id: ID, business_id: B })
      .thenRefuses({ status: 404 });
    spec.given([]).when({ type: 'DeleteBooking', booking_id: ID, business_id: B }).thenRefuses({ status: 404 });
  });
});
