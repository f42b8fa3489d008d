import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { readBookingPlace } from '@tabour/bookings';
import { createTestApp, TestApp } from './support/app';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

/**
 * No double booking, over HTTP on PostgreSQL: concurrent creates at one slot get exactly as
 * many places as it has, the others 409 with the catalogue's text.
 */
describe('bookings: capacity under concurrent creates', () => {
  let t: TestApp;
  const N = 20;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Answers neither 201 nor 409 are printed, so a failure says what went wrong. */
  const unexpected = (answers: { status: number; body: unknown }[]) => [
    ...new Set(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${JSON.stringify(a.body)}`)),
  ];
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it(`gives a slot of 3 places to exactly 3 of ${N} concurrent bookings`, async () => {
    const R = 3;
    const { owner, departmentId } = await bookableBusiness(t, 'Race Clinic', { max_bookings_per_slot: R });
    const starts_at = at(dayAhead(3), '10:00');
    const answers = await Promise.all(
      Array.from({ length: N }, () => t.http().put('/business/booking/create').set(owner.h).send({ department_id: departmentId, starts_at })),
    );
    const counts = tally(answers.map((r) => r.status));
    console.log(
      `bookings.concurrency slot: N=${N} R=${R} → ${counts[201] ?? 0} × 201, ${counts[409] ?? 0} × 409, others ${N - (counts[201] ?? 0) - (counts[409] ?? 0)}`,
    );
    expect(unexpected(answers)).toEqual([]);
    expect(counts).toEqual({ 201: R, 409: N - R });
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body).toMatchObject({ message: 'No available slots on this date', code: 'slot_full' });
    const day = await expectOk(
      await t
        .http()
        .post('/business/booking/range?pagination=off')
        .set(owner.h)
        .send({ from: dayAhead(3), to: dayAhead(3) }),
      200,
    );
    expect(day.data).toHaveLength(R);
  });

  it(`gives one member to exactly 1 of ${N} concurrent bookings across two departments`, async () => {
    const { owner, departmentId: first } = await bookableBusiness(t, 'Member Race Clinic', { max_bookings_per_slot: 50, can_select_member: true });
    const second = (
      await expectOk(
        await t
          .http()
          .put('/business/department/create')
          .set(owner.h)
          .send({ name: 'Surgery', slot_duration: 30, max_bookings_per_slot: 50, can_select_member: true }),
        201,
      )
    ).id;
    // A member without a department is booked in every department, and serves one booking at a time.
    const member = await expectOk(
      await t.http().post('/business/team/create').set(owner.h).send({ first_name: 'Amal', last_name: 'Haddad', position: 'Employee', is_bookable: true }),
      201,
    );
    const starts_at = at(dayAhead(4), '11:00');
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t
          .http()
          .put('/business/booking/create')
          .set(owner.h)
          .send({ department_id: i % 2 ? first : second, member_id: member.id, starts_at }),
      ),
    );
    const counts = tally(answers.map((r) => r.status));
    console.log(
      `bookings.concurrency member across two departments: N=${N} → ${counts[201] ?? 0} × 201, ${counts[409] ?? 0} × 409, others ${N - (counts[201] ?? 0) - (counts[409] ?? 0)}`,
    );
    expect(unexpected(answers)).toEqual([]);
    expect(counts).toEqual({ 201: 1, 409: N - 1 });
    for (const r of answers.filter((a) => a.status === 409))
      expect(r.body).toMatchObject({ message: 'This team member already has a booking at this time', code: 'slot_member_busy' });
  });

  it(`gives a customer allowed one booking to come exactly 1 of ${N} concurrent bookings at different slots`, async () => {
    const { owner, departmentId } = await bookableBusiness(t, 'Once Clinic', { max_bookings_per_slot: 50 });
    await expectOk(await t.http().put('/business/bookingSettings').set(owner.h).send({ allow_several_bookings: false }), 200);
    const customer = (await expectOk(await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Racer', phone: '+21620555666' }), 201))
      .id;
    const times = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t
          .http()
          .put('/business/booking/create')
          .set(owner.h)
          .send({ department_id: departmentId, customer_id: customer, starts_at: at(dayAhead(2 + (i % 2)), times[i % times.length]) }),
      ),
    );
    const counts = tally(answers.map((r) => r.status));
    console.log(`bookings.concurrency one customer, one booking to come: N=${N} → ${counts[201] ?? 0} × 201, ${counts[409] ?? 0} × 409`);
    expect(unexpected(answers)).toEqual([]);
    expect(counts).toEqual({ 201: 1, 409: N - 1 });
  });
  it('reads the day after its locks: a booking committed by the append that held one while the guard waited is counted (a zone not seen yet, then one seen)', async () => {
    const { owner, departmentId } = await bookableBusiness(t, 'Waiting Clinic', { max_bookings_per_slot: 5 });
    const db = t.database.db;
    const date = dayAhead(4);
    const key = `booking:department-date:${departmentId}:${date}`;
    // The first read of this business finds its zone unknown (a second statement reads the day);
    // the second reads the day in the locking statement itself.
    for (const time of ['10:00', '11:00']) {
      const id = randomUUID();
      const starts = at(date, time);
      let read: Promise<string[]> | null = null;
      let settled = false;
      await db.transaction().execute(async (holder) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(holder);
        await sql`INSERT INTO bookings (id, tenant_id, department_id, duration, starts_at, ends_at, local_date, slot, channel, status, created_at, updated_at)
          VALUES (${id}, ${owner.businessId}, ${departmentId}, 30, ${starts}::timestamptz, ${starts}::timestamptz + interval '30 minutes', ${date}::date, ${time},
            'staff', 'confirmed', now(), now())`.execute(holder);
        read = db
          .transaction()
          .execute((trx) => readBookingPlace(trx, owner.businessId, { department_id: departmentId, from: date, to: date, now: new Date() }, { lock: [key] }))
          .then((place) => place!.input.bookings.map((b) => b.id));
        void read.finally(() => (settled = true));
        await new Promise((r) => setTimeout(r, 300));
        // Still waiting for the lock: the holder has not committed.
        expect(settled).toBe(false);
      });
      expect(await read!).toContain(id);
    }
  });
});
