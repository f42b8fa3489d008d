import { DateTime } from 'luxon';
import { BookingClockJob } from '../apps/api/src/bookings/checkin.job';
import { createTestApp, TestApp } from './support/app';
import { auth } from './support/fixtures';
import { newBusiness, Staff, WEEK } from './support/organisation-fixtures';
import { newQueue, openCounter } from './support/queue-fixtures';
import { expectOk } from './bookings-fixtures';

/**
 * A zone where it is now late morning, so today has free slots whenever the test runs (the
 * check-in takes only bookings of the business's today). Etc/GMT-N is UTC+N.
 */
const utcHour = new Date().getUTCHours();
const offset = ((10 - utcHour + 36) % 24) - 12;
const ZONE = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const now = () => DateTime.now().setZone(ZONE);
/** The n-th half-hour slot of today after the next one. */
const slotToday = (n: number) => {
  const t = now()
    .startOf('hour')
    .plus({ minutes: now().minute < 30 ? 30 : 60 });
  return t.plus({ minutes: 30 * (n + 1) });
};

describe('bookings: check-in into a queue', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let departmentId: string;
  let serviceId: string;
  let customerId: string;
  let customer2: string;
  let customer3: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Checkin Clinic');
    other = await newBusiness(t, 'Other Clinic');
    await expectOk(await t.http().post('/business/update').set(owner.h).send({ time_zone: ZONE }), 200);
    await expectOk(
      await t
        .http()
        .post('/business/bookingdays/update')
        .set(owner.h)
        .send({ working_days: WEEK(Object.fromEntries(DAYS.map((d) => [d, [['00:00', '23:30']]]))) }),
      200,
    );
    departmentId = (
      await expectOk(await t.http().put('/business/department/create').set(owner.h).send({ name: 'Dental', slot_duration: 30, max_bookings_per_slot: 5 }), 201)
    ).id;
    serviceId = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: 'Check-up', price: 20, duration: 30 }), 201)).id;
    await expectOk(
      await t
        .http()
        .post(`/business/department/${departmentId}/update`)
        .set(owner.h)
        .send({ service_ids: [serviceId] }),
      200,
    );
    const customer = async (first: string, phone: string) =>
      (await expectOk(await t.http().put('/business/customer/create').set(owner.h).send({ first_name: first, last_name: 'Test', phone }), 201)).id as string;
    customerId = await customer('Leila', '+21620111222');
    customer2 = await customer('Omar', '+21620111333');
    customer3 = await customer('Nour', '+21620111444');
  });
  afterAll(() => t.close());

  const book = async (body: Record<string, unknown>) =>
    expectOk(
      await t
        .http()
        .put('/business/booking/create')
        .set(owner.h)
        .send({ department_id: departmentId, service_ids: [serviceId], ...body }),
      201,
    );
  const checkIn = (id: string, by: Staff = owner, body: Record<string, unknown> = {}) => t.http().post(`/business/booking/${id}/checkin`).set(by.h).send(body);
  const waiting = async (queueId: string) =>
    (await expectOk(await t.http().get(`/business/queue/${queueId}/waitinglist`).set(owner.h), 200)) as { data?: unknown[]; tickets?: unknown[] } & Record<
      string,
      unknown
    >;
  const job = () => t.app.get(BookingClockJob);

  it('turns a booking of today into a ticket of its queue, each naming the other; a second check-in is 409', async () => {
    const queue = await newQueue(t, owner, { service_ids: [serviceId] });
    const booking = await book({ starts_at: slotToday(0).toISO(), customer_id: customerId, queue_id: queue.id });
    const res = await expectOk(await checkIn(booking.id), 200);
    expect(res.booking).toMatchObject({ id: booking.id, status: 'checked_in', ticket_id: res.ticket.id, queue_id: queue.id });
    expect(res.ticket).toMatchObject({ booking_id: booking.id, customer_id: customerId, service_ids: [serviceId], status: 'waiting', queue_id: queue.id });
    expect(JSON.stringify(await waiting(queue.id))).toContain(res.ticket.id);
    expect(await expectOk(await checkIn(booking.id), 409)).toMatchObject({ code: 'booking_closed', message: 'The booking is already checked in' });
    // Two desks at once: one ticket, one success.
    const again = await book({ starts_at: slotToday(1).toISO(), customer_id: customer2, queue_id: queue.id });
    const both = await Promise.all([checkIn(again.id), checkIn(again.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = JSON.stringify(await waiting(queue.id));
    expect(list.split(again.id).length - 1).toBeLessThanOrEqual(1);
  });

  it('answers 404 for another business’s booking and for a missing one, 422 for a booking of another day or without a queue', async () => {
    const queue = await newQueue(t, owner);
    const booking = await book({ starts_at: slotToday(2).toISO(), queue_id: queue.id });
    expect((await checkIn(booking.id, other)).status).toBe(404);
    expect((await checkIn('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const tomorrow = await book({ starts_at: slotToday(0).plus({ days: 1 }).toISO(), queue_id: queue.id });
    expect((await expectOk(await checkIn(tomorrow.id), 422)).errors.starts_at).toEqual(['Only a booking of today can be checked in']);
    const noQueue = await book({ starts_at: slotToday(3).toISO() });
    expect((await expectOk(await checkIn(noQueue.id), 422)).errors.queue_id).toBeDefined();
    // The desk may name the queue itself.
    expect((await expectOk(await checkIn(noQueue.id, owner, { queue_id: queue.id }), 200)).ticket.queue_id).toBe(queue.id);
    const cancelled = await book({ starts_at: slotToday(4).toISO(), queue_id: queue.id });
    await expectOk(await t.http().post(`/business/booking/${cancelled.id}/cancel`).set(owner.h).send({}), 200);
    expect((await checkIn(cancelled.id)).status).toBe(409);
  });

  it('pushes the bookings of a queue with auto push at their start, once, and marks the late ones no-show', async () => {
    const auto = await newQueue(t, owner, { auto_push_bookings: true });
    const plain = await newQueue(t, owner);
    const start = slotToday(5);
    const pushed = await book({ starts_at: start.toISO(), customer_id: customer3, queue_id: auto.id });
    const late = await book({ starts_at: start.toISO(), queue_id: plain.id });
    const before = await job().run(start.minus({ minutes: 1 }).toJSDate());
    expect(before?.pushed).toBe(0);
    const run = await job().run(start.plus({ minutes: 1 }).toJSDate());
    expect(run?.pushed).toBe(1);
    const read = async (id: string) => expectOk(await t.http().get(`/business/booking/${id}`).set(owner.h), 200);
    const b = await read(pushed.id);
    expect(b).toMatchObject({ status: 'checked_in', queue_id: auto.id });
    expect(JSON.stringify(await waiting(auto.id))).toContain(b.ticket_id);
    expect((await job().run(start.plus({ minutes: 2 }).toJSDate()))?.pushed).toBe(0);
    // Booking settings: no-show 15 minutes after the start by default.
    expect((await read(late.id)).status).toBe('confirmed');
    await job().run(start.plus({ minutes: 16 }).toJSDate());
    expect((await read(late.id)).status).toBe('no_show');
    expect((await read(pushed.id)).status).toBe('checked_in');
  });

  it('closes a checked-in booking as its ticket leaves: served is completed, a no-show at the counter is a no-show', async () => {
    const queue = await newQueue(t, owner);
    await openCounter(t, owner, queue.id, queue.counters[0].id);
    const served = await book({ starts_at: slotToday(9).toISO(), queue_id: queue.id });
    const missed = await book({ starts_at: slotToday(9).toISO(), queue_id: queue.id });
    const servedTicket = (await expectOk(await checkIn(served.id), 200)).ticket.id;
    const missedTicket = (await expectOk(await checkIn(missed.id), 200)).ticket.id;
    const call = async () => expectOk(await t.http().post(`/business/queue/${queue.id}/call`).set(owner.h).send({ counter_id: queue.counters[0].id }), 200);
    await call();
    await expectOk(await t.http().post(`/business/queue/${queue.id}/end/${servedTicket}`).set(owner.h).send({}), 200);
    await call();
    await expectOk(await t.http().post(`/business/queue/${queue.id}/noshow/${missedTicket}`).set(owner.h).send({}), 200);
    expect((await job().run())?.followed).toBe(2);
    const status = async (id: string) => (await expectOk(await t.http().get(`/business/booking/${id}`).set(owner.h), 200)).status;
    expect([await status(served.id), await status(missed.id)]).toEqual(['completed', 'no_show']);
    expect((await job().run())?.followed).toBe(0);
  });

  it('answers the customer page’s next bookings, soonest first, and the archive of the closed ones', async () => {
    const c = (
      await expectOk(await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Sami', last_name: 'Test', phone: '+21620111555' }), 201)
    ).id;
    const later = await book({ starts_at: slotToday(1).plus({ days: 1 }).toISO(), customer_id: c });
    const soon = await book({ starts_at: slotToday(7).toISO(), customer_id: c });
    const dropped = await book({ starts_at: slotToday(8).toISO(), customer_id: c });
    await expectOk(await t.http().post(`/business/booking/${dropped.id}/cancel`).set(owner.h).send({ reason: 'ill' }), 200);
    const next = await expectOk(await t.http().post('/business/customer/bookings').set(owner.h).send({ customer_id: c, page: 1 }), 200);
    expect(next).toMatchObject({ total: 2, page: 1, per_page: 15, last_page: 1 });
    expect(next.data.map((b: { id: string; customer_name: string }) => [b.id, b.customer_name])).toEqual([
      [soon.id, 'Sami Test'],
      [later.id, 'Sami Test'],
    ]);
    const past = await expectOk(await t.http().post('/business/customer/archiveBookings').set(owner.h).send({ customer_id: c }), 200);
    expect(past.data.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[dropped.id, 'cancelled']]);
    expect((await t.http().post('/business/customer/bookings').set(other.h).send({ customer_id: c })).status).toBe(404);
    expect((await t.http().post('/business/customer/archiveBookings').set(owner.h).send({ customer_id: 'nope' })).status).toBe(422);
    expect((await t.http().post('/business/customer/bookings').set(owner.h).send({ customer_id: c, page: 0 })).status).toBe(400);
  });

  it('lets a kiosk join a queue that requires a confirmed booking only with one of today, checking it in', async () => {
    const queue = await newQueue(t, owner, { require_confirmed_booking: true });
    const kiosk = await expectOk(
      await t
        .http()
        .post('/business/kiosk/create')
        .set(owner.h)
        .send({ name: 'Entrance', queue_ids: [queue.id] }),
      201,
    );
    const h = auth((await t.http().post('/kiosk/auth').send({ key: kiosk.key, secret: kiosk.secret })).body.token);
    const walkIn = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: queue.id, customer_id: customer2 });
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.message).toBe('This queue admits only customers with a confirmed booking for today');
    const booking = await book({ starts_at: slotToday(6).toISO(), customer_id: customer2, queue_id: queue.id });
    const joined = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: queue.id, customer_id: customer2 });
    expect(joined.status).toBe(200);
    const b = await expectOk(await t.http().get(`/business/booking/${booking.id}`).set(owner.h), 200);
    expect(b.status).toBe('checked_in');
    expect(JSON.stringify(await waiting(queue.id))).toContain(b.ticket_id);
  });
});
