import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

describe('booking payments and payment types over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff;
  let other: Staff;
  let bookingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    let departmentId: string;
    ({ owner, departmentId } = await bookableBusiness(t, 'Pay Clinic'));
    other = await newBusiness(t, 'Other Clinic');
    agent = await newMember(t, owner, 'Employee');
    const a = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: 'Check-up', price: 20.5, duration: 15 }), 201)).id;
    const b = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: 'X-ray', price: 29.5, duration: 15 }), 201)).id;
    await expectOk(
      await t
        .http()
        .post(`/business/department/${departmentId}/update`)
        .set(owner.h)
        .send({ service_ids: [a, b] }),
      200,
    );
    bookingId = (
      await expectOk(
        await t
          .http()
          .put('/business/booking/create')
          .set(owner.h)
          .send({ department_id: departmentId, starts_at: at(dayAhead(2), '10:00'), service_ids: [a, b] }),
        201,
      )
    ).id;
  });
  afterAll(() => t.close());

  const pay = (by: Staff, body: Record<string, unknown>) =>
    t
      .http()
      .post('/business/booking/transaction/create')
      .set(by.h)
      .send({ booking_id: bookingId, method: 'cash', ...body });

  it('accepts every method until the business chooses, and lets only an administrator choose', async () => {
    expect(await expectOk(await t.http().get('/business/payment-types').set(agent.h), 200)).toEqual({ methods: ['cash', 'cheque', 'online', 'other'] });
    expect(
      (
        await t
          .http()
          .post('/business/payment-types/update')
          .set(agent.h)
          .send({ methods: ['cash'] })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .http()
          .post('/business/payment-types/update')
          .set(owner.h)
          .send({ methods: ['gold'] })
      ).status,
    ).toBe(422);
    expect((await t.http().post('/business/payment-types/update').set(owner.h).send({ methods: [] })).status).toBe(422);
    expect(
      await expectOk(
        await t
          .http()
          .post('/business/payment-types/update')
          .set(owner.h)
          .send({ methods: ['online', 'cash'] }),
        200,
      ),
    ).toEqual({ methods: ['cash', 'online'] });
    expect(await expectOk(await t.http().get('/business/payment-types').set(owner.h), 200)).toEqual({ methods: ['cash', 'online'] });
    expect(await expectOk(await t.http().get('/business/payment-types').set(other.h), 200)).toEqual({ methods: ['cash', 'cheque', 'online', 'other'] });
  });

  it("records payments against the price of the booking's services, unpaid to partially paid to paid", async () => {
    const first = await expectOk(await pay(agent, { amount: '20.50', paid_on: '2026-06-01', note: 'deposit' }), 201);
    expect(first).toMatchObject({
      booking_id: bookingId,
      amount: 20.5,
      method: 'cash',
      status: 'partially_paid',
      rest_to_pay: 29.5,
      paid_on: '2026-06-01',
      note: 'deposit',
    });
    const second = await expectOk(await pay(owner, { amount: 29.5, method: 'online' }), 201);
    expect(second).toMatchObject({ status: 'paid', rest_to_pay: 0 });
    const list = await expectOk(await t.http().get(`/business/booking/transaction/${bookingId}`).set(agent.h), 200);
    expect(list).toMatchObject({ price: 50, paid: 50, rest_to_pay: 0 });
    expect(list.data.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
      [20.5, 'partially_paid'],
      [29.5, 'paid'],
    ]);
  });

  it('refuses a bad amount, a method the business does not take, more than the rest, with 422 and nothing written', async () => {
    const before = await head(t);
    for (const amount of [0, -1, '1.234', 'ten']) expect((await pay(owner, { amount })).status).toBe(422);
    const cheque = await pay(owner, { amount: 1, method: 'cheque' });
    expect(cheque.status).toBe(422);
    expect(cheque.body.errors.method).toEqual(['The business does not accept this payment method']);
    expect((await pay(owner, { amount: 1 })).body.errors.amount).toEqual(['The amount is more than the rest to pay (0.00)']);
    expect((await pay(owner, { amount: 1, paid_on: 'yesterday' })).status).toBe(422);
    expect(await head(t)).toBe(before);
  });

  it('deletes a payment (administrators and managers), the rest to pay coming back', async () => {
    const list = await expectOk(await t.http().get(`/business/booking/transaction/${bookingId}`).set(owner.h), 200);
    const last = list.data[1].id;
    expect((await t.http().delete(`/business/booking/transaction/${last}`).set(agent.h)).status).toBe(403);
    expect((await t.http().delete(`/business/booking/transaction/${last}`).set(other.h)).status).toBe(404);
    await expectOk(await t.http().delete(`/business/booking/transaction/${last}`).set(owner.h), 200);
    expect(await expectOk(await t.http().get(`/business/booking/transaction/${bookingId}`).set(owner.h), 200)).toMatchObject({ paid: 20.5, rest_to_pay: 29.5 });
    expect((await t.http().delete(`/business/booking/transaction/${last}`).set(owner.h)).status).toBe(404);
  });

  it('keeps each business to its own bookings', async () => {
    expect((await t.http().get(`/business/booking/transaction/${bookingId}`).set(other.h)).status).toBe(404);
    expect((await t.http().post('/business/booking/transaction/create').set(other.h).send({ booking_id: bookingId, amount: 1, method: 'cash' })).status).toBe(
      404,
    );
    expect(
      (
        await t
          .http()
          .post('/business/booking/transaction/create')
          .set(owner.h)
          .send({ booking_id: '00000000-0000-4000-8000-000000000000', amount: 1, method: 'cash' })
      ).status,
    ).toBe(404);
  });
});
