import { sql } from 'kysely';
import { BOOKING_PROJECTIONS, checkSlot, readAvailabilityInput } from '@tabour/bookings';
import { rebuildProjection } from '@tabour/eventstore';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { ALL_WEEK, at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

describe('bookings: the book over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff & { memberId: string };
  let other: Staff;
  let departmentId: string;
  let serviceA: string;
  let serviceB: string;
  let customerId: string;
  const day = dayAhead(2);

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, departmentId } = await bookableBusiness(t, 'Book Clinic', { max_bookings_per_slot: 2, max_daily_bookings: 50 }));
    other = await newBusiness(t, 'Other Clinic');
    agent = await newMember(t, owner, 'Employee');
    serviceA = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: 'Check-up', price: 20, duration: 20 }), 201)).id;
    serviceB = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: 'Cleaning', price: 30, duration: 25 }), 201)).id;
    await expectOk(
      await t
        .http()
        .post(`/business/department/${departmentId}/update`)
        .set(owner.h)
        .send({ service_ids: [serviceA, serviceB] }),
      200,
    );
    customerId = (
      await expectOk(
        await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Leila', last_name: 'Ben Ali', phone: '+21620111222' }),
        201,
      )
    ).id;
  });
  afterAll(() => t.close());

  const create = (by: Staff, body: Record<string, unknown>) =>
    t
      .http()
      .put('/business/booking/create')
      .set(by.h)
      .send({ department_id: departmentId, ...body });

  describe('create and read', () => {
    let id: string;

    it("books a free slot: 201 with the derived end, local date and slot, the customer's name, and any staff member may book", async () => {
      const booking = await expectOk(
        await create(agent, { starts_at: at(day, '09:00'), service_ids: [serviceA, serviceB], customer_id: customerId, remarks: 'First visit' }),
        201,
      );
      id = booking.id;
      expect(booking).toMatchObject({
        date: day,
        slot: '09:00',
        duration: 45,
        status: 'confirmed',
        channel: 'staff',
        customer_name: 'Leila Ben Ali',
        remarks: 'First visit',
        member_id: null,
      });
      expect(new Date(booking.ends_at).getTime() - new Date(booking.starts_at).getTime()).toBe(45 * 60_000);
      // The answer is made from the appended event: the very booking the book reads back.
      expect(await expectOk(await t.http().get(`/business/booking/${id}`).set(owner.h), 200)).toEqual(booking);
    });

    it('refuses bad input with 422 naming each field, and writes nothing', async () => {
      const before = await head(t);
      const res = await create(owner, { starts_at: '2026-01-01 09:00', service_ids: [serviceA, '00000000-0000-4000-8000-000000000000'] });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['service_ids.1', 'starts_at']);
      const unknownCustomer = await create(owner, { starts_at: at(day, '10:00'), customer_id: '00000000-0000-4000-8000-000000000000' });
      expect(unknownCustomer.status).toBe(422);
      expect(unknownCustomer.body.errors.customer_id).toBeDefined();
      expect(
        (
          await t
            .http()
            .put('/business/booking/create')
            .set(owner.h)
            .send({ starts_at: at(day, '10:00') })
        ).status,
      ).toBe(422);
      expect(await head(t)).toBe(before);
    });

    it('refuses a start that is not a slot, a closed hour and a past day with 409 and the reason', async () => {
      expect(await expectOk(await create(owner, { starts_at: at(day, '09:10') }), 409)).toMatchObject({ code: 'slot_not_a_slot' });
      expect(await expectOk(await create(owner, { starts_at: at(day, '19:00') }), 409)).toMatchObject({ code: 'slot_not_a_slot' });
      expect(await expectOk(await create(owner, { starts_at: at(dayAhead(-2), '09:00') }), 409)).toMatchObject({ code: 'slot_past' });
    });

    it("fills a slot and then refuses it with the catalogue's text", async () => {
      await expectOk(await create(owner, { starts_at: at(day, '09:30') }), 201);
      // 09:00 (45 min) and 09:30 overlap at 09:30: the slot's two places are taken.
      expect(await expectOk(await create(owner, { starts_at: at(day, '09:30') }), 409)).toEqual({
        message: 'No available slots on this date',
        code: 'slot_full',
      });
    });

    it('lists, pages, filters and reads the calendar range', async () => {
      const all = await expectOk(await t.http().get('/business/booking?pagination=off').set(owner.h), 200);
      expect(all.data).toHaveLength(2);
      const page = await expectOk(await t.http().get('/business/booking?page=1').set(owner.h), 200);
      expect(page).toMatchObject({ total: 2, page: 1, per_page: 15 });
      const byDep = await expectOk(await t.http().get(`/business/booking?pagination=off&department_id=${departmentId}`).set(owner.h), 200);
      expect(byDep.data).toHaveLength(2);
      const filtered = await expectOk(await t.http().get(`/business/booking/filter/?q=leila&from=${day}&to=${day}`).set(owner.h), 200);
      expect(filtered.data.map((b: { id: string }) => b.id)).toEqual([id]);
      expect((await expectOk(await t.http().get(`/business/booking/filter/?customer_id=${customerId}&status=confirmed`).set(owner.h), 200)).total).toBe(1);
      const range = await expectOk(
        await t.http().post('/business/booking/range?pagination=off').set(owner.h).send({ from: day, to: day, department_id: departmentId }),
        200,
      );
      expect(range.data.map((b: { slot: string }) => b.slot)).toEqual(['09:00', '09:30']);
      // The range is written by PostgreSQL; the filter's rows go through the driver and `toBooking`: the same answer, key for key.
      const rowPath = await expectOk(
        await t.http().get(`/business/booking/filter/?pagination=off&from=${day}&to=${day}&department_id=${departmentId}`).set(owner.h),
        200,
      );
      expect(range.data).toHaveLength(2);
      expect(range.data).toEqual(rowPath.data);
      expect(range.data.map((b: object) => Object.keys(b))).toEqual(rowPath.data.map((b: object) => Object.keys(b)));
      expect(range.data.some((b: { customer_name: string | null }) => b.customer_name !== null)).toBe(true);
      expect(
        (
          await expectOk(
            await t
              .http()
              .post('/business/booking/range?pagination=off')
              .set(owner.h)
              .send({ from: dayAhead(5), to: dayAhead(6) }),
            200,
          )
        ).data,
      ).toEqual([]);
      expect((await t.http().post('/business/booking/range?pagination=off').set(owner.h).send({ from: day, to: 'tomorrow' })).status).toBe(422);
      expect(
        (
          await t
            .http()
            .post('/business/booking/range?pagination=off')
            .set(owner.h)
            .send({ from: day, to: dayAhead(-1) })
        ).status,
      ).toBe(422);
    });

    it('answers the free slots of the department, counted as the book counts', async () => {
      const res = await expectOk(
        await t.http().get(`/business/booking/available/?dep=${departmentId}&from=${day}&to=${day}&service_ids=${serviceA}`).set(owner.h),
        200,
      );
      expect(res).toMatchObject({ department_id: departmentId, time_zone: 'Europe/Paris', duration: 20 });
      const times = res.days[0].slots.map((s: { time: string }) => s.time);
      expect(times).not.toContain('09:30');
      expect(times).toContain('10:00');
      expect(res.days[0].slots.find((s: { time: string }) => s.time === '09:00').remaining).toBe(1);
      const month = await expectOk(
        await t
          .http()
          .get(`/business/booking/available/?dep=${departmentId}&from=${dayAhead(1)}&to=${dayAhead(30)}`)
          .set(owner.h),
        200,
      );
      expect(month.days).toHaveLength(30);
      // Its speed is the bench's (bookings.availability.dept30days), not a timed test's.
      const filtered = await expectOk(
        await t
          .http()
          .get(`/business/booking/available/?dep=${departmentId}&from=${dayAhead(1)}&to=${dayAhead(30)}&service_ids=${serviceA}`)
          .set(owner.h),
        200,
      );
      expect(filtered.days.map((d: { date: string }) => d.date)).toEqual(month.days.map((d: { date: string }) => d.date));
      expect((await t.http().get(`/business/booking/available/?dep=not-an-id`).set(owner.h)).status).toBe(422);
      // Without dates: the week from today in the business's zone.
      const week = await expectOk(await t.http().get(`/business/booking/available/?dep=${departmentId}`).set(owner.h), 200);
      expect(week.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => dayAhead(i)));
    });

    it('updates the details, reschedules on a new start, and refuses a move into a full slot', async () => {
      const updated = await expectOk(await t.http().post(`/business/booking/${id}/update`).set(owner.h).send({ remarks: 'Bring the X-ray' }), 200);
      expect(updated).toMatchObject({ remarks: 'Bring the X-ray', slot: '09:00' });
      const moved = await expectOk(
        await t
          .http()
          .post(`/business/booking/${id}/update`)
          .set(owner.h)
          .send({ starts_at: at(day, '11:00') }),
        200,
      );
      expect(moved).toMatchObject({ slot: '11:00', date: day, duration: 45 });
      await expectOk(await create(owner, { starts_at: at(day, '14:00') }), 201);
      await expectOk(await create(owner, { starts_at: at(day, '14:00') }), 201);
      expect(
        await expectOk(
          await t
            .http()
            .post(`/business/booking/${id}/update`)
            .set(owner.h)
            .send({ starts_at: at(day, '14:00') }),
          409,
        ),
      ).toMatchObject({ code: 'slot_full' });
      expect((await expectOk(await t.http().get(`/business/booking/${id}`).set(owner.h), 200)).slot).toBe('11:00');
    });

    it('cancels (freeing the place), refuses to change a cancelled booking, archives it, and deletes', async () => {
      const cancelled = await expectOk(await t.http().post(`/business/booking/${id}/cancel`).set(owner.h).send({ reason: 'Ill' }), 200);
      expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Ill' });
      expect(await expectOk(await t.http().post(`/business/booking/${id}/update`).set(owner.h).send({ remarks: 'x' }), 409)).toMatchObject({
        code: 'booking_closed',
      });
      const archive = await expectOk(await t.http().post('/business/booking/archive/range').set(owner.h).send({ from: day, to: day }), 200);
      expect(archive.data.map((b: { id: string }) => b.id)).toEqual([id]);
      await expectOk(await t.http().delete(`/business/booking/${id}/delete`).set(owner.h), 200);
      expect((await t.http().get(`/business/booking/${id}`).set(owner.h)).status).toBe(404);
      expect((await t.http().delete(`/business/booking/${id}/delete`).set(owner.h)).status).toBe(404);
    });

    it("answers another business's booking as missing, for every call", async () => {
      const mine = await expectOk(await create(owner, { starts_at: at(day, '15:00') }), 201);
      expect((await t.http().get(`/business/booking/${mine.id}`).set(other.h)).status).toBe(404);
      expect((await t.http().post(`/business/booking/${mine.id}/update`).set(other.h).send({ remarks: 'x' })).status).toBe(404);
      expect((await t.http().post(`/business/booking/${mine.id}/cancel`).set(other.h).send({})).status).toBe(404);
      expect((await t.http().delete(`/business/booking/${mine.id}/delete`).set(other.h)).status).toBe(404);
      expect((await expectOk(await t.http().get('/business/booking?pagination=off').set(other.h), 200)).data).toEqual([]);
      // Another business's department is not one to book in.
      const res = await t
        .http()
        .put('/business/booking/create')
        .set(other.h)
        .send({ department_id: departmentId, starts_at: at(day, '16:00') });
      expect(res.status).toBe(422);
      expect((await t.http().get(`/business/booking/available/?dep=${departmentId}`).set(other.h)).status).toBe(404);
    });
  });

  describe('settings and booking days', () => {
    it('reads and writes the booking settings (ADMIN or MANAGER), refusing bad values', async () => {
      expect(await expectOk(await t.http().get('/business/bookingSettings').set(agent.h), 200)).toEqual({
        booking_days_limit: 30,
        booking_confirmation: false,
        min_notice_minutes: 0,
        no_show_after_minutes: 15,
        allow_several_bookings: true,
      });
      const saved = await expectOk(
        await t.http().put('/business/bookingSettings').set(owner.h).send({ booking_days_limit: 60, min_notice_minutes: 120, allow_several_bookings: false }),
        200,
      );
      expect(saved).toMatchObject({ booking_days_limit: 60, min_notice_minutes: 120, allow_several_bookings: false, no_show_after_minutes: 15 });
      expect((await t.http().get('/business/info').set(owner.h)).body.booking_days_limit).toBe(60);
      expect((await t.http().put('/business/bookingSettings').set(agent.h).send({ min_notice_minutes: 0 })).status).toBe(403);
      expect((await t.http().put('/business/bookingSettings').set(owner.h).send({ min_notice_minutes: -5 })).status).toBe(422);
      await expectOk(await t.http().put('/business/bookingSettings').set(owner.h).send({ min_notice_minutes: 0 }), 200);
    });

    it("sets the business's booking days, and a member's own", async () => {
      const closedSunday = ALL_WEEK.map((d) => (d.day === 'sunday' ? { ...d, open: false, ranges: [] } : d));
      const res = await expectOk(await t.http().post('/business/bookingdays/update').set(owner.h).send({ working_days: closedSunday }), 200);
      expect(res.working_days.find((d: { day: string }) => d.day === 'sunday').open).toBe(false);
      expect((await t.http().post('/business/bookingdays/update').set(agent.h).send({ working_days: closedSunday })).status).toBe(403);
      expect((await t.http().post('/business/bookingdays/update').set(owner.h).send({ working_days: [] })).status).toBe(422);
      const mine = await expectOk(await t.http().post('/business/member/bookingdays/update').set(agent.h).send({ working_days: closedSunday }), 200);
      expect(mine.id).toBe(agent.memberId);
      expect(mine.working_days.find((d: { day: string }) => d.day === 'sunday').open).toBe(false);
      await expectOk(await t.http().post('/business/bookingdays/update').set(owner.h).send({ working_days: ALL_WEEK }), 200);
    });
  });

  it('holds a customer to one booking to come while the business allows one at a time', async () => {
    await expectOk(await t.http().put('/business/bookingSettings').set(owner.h).send({ allow_several_bookings: false }), 200);
    const customer = (await expectOk(await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Once', phone: '+21620333444' }), 201)).id;
    const first = await expectOk(await create(owner, { starts_at: at(dayAhead(3), '10:00'), customer_id: customer }), 201);
    expect(await expectOk(await create(owner, { starts_at: at(dayAhead(4), '10:00'), customer_id: customer }), 409)).toEqual({
      message: 'The customer already has a booking to come',
      code: 'customer_has_booking',
    });
    // Moving the booking they hold is not a second one.
    await expectOk(
      await t
        .http()
        .post(`/business/booking/${first.id}/update`)
        .set(owner.h)
        .send({ starts_at: at(dayAhead(3), '11:00') }),
      200,
    );
    await expectOk(await t.http().post(`/business/booking/${first.id}/cancel`).set(owner.h).send({}), 200);
    await expectOk(await create(owner, { starts_at: at(dayAhead(4), '10:00'), customer_id: customer }), 201);
    await expectOk(await t.http().put('/business/bookingSettings').set(owner.h).send({ allow_several_bookings: true }), 200);
    await expectOk(await create(owner, { starts_at: at(dayAhead(5), '10:00'), customer_id: customer }), 201);
  });

  it("hands the capacity guard's clock (a Date) to the engine as the ISO instant it reads", async () => {
    const date = dayAhead(6);
    const now = new Date(at(date, '10:05'));
    const input = await readAvailabilityInput(t.database.db, owner.businessId, {
      department_id: departmentId,
      from: date,
      to: date,
      now,
      duration_minutes: 30,
    });
    expect(input?.now).toBe(now.toISOString());
    expect(checkSlot(input!, at(date, '10:00'))).toMatchObject({ ok: false, code: 'past' });
    expect(checkSlot(input!, at(date, '10:30'))).toMatchObject({ ok: true, starts_at: new Date(at(date, '10:30')).toISOString() });
  });

  it('rebuilds the bookings table from the log into the very rows the live run wrote', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      bookings: (await sql`SELECT * FROM bookings ORDER BY id`.execute(db)).rows,
      settings: (await sql`SELECT * FROM booking_settings ORDER BY tenant_id`.execute(db)).rows,
    });
    const live = await snapshot();
    expect(live.bookings.length).toBeGreaterThanOrEqual(4);
    for (const projection of BOOKING_PROJECTIONS) await rebuildProjection(db, { kind: 'inline', projection }, 3);
    expect(await snapshot()).toEqual(live);
  });
});
