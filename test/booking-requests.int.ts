import { sql } from 'kysely';
import { bookingRequestsProjection, formsProjection, paymentsProjection, paymentTypesProjection, rulesProjection } from '@tabour/bookings';
import { rebuildProjection } from '@tabour/eventstore';
import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { createTestApp, TestApp } from './support/app';
import { socketClients } from './support/sockets';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

describe('booking requests and the rules that decide them, over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff;
  let other: Staff;
  let departmentId: string;
  let vip: string;
  let blacklisted: string;
  let regular: string;
  const day = dayAhead(3);

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, departmentId } = await bookableBusiness(t, 'Request Clinic', { max_bookings_per_slot: 1 }));
    other = await newBusiness(t, 'Other Clinic');
    agent = await newMember(t, owner, 'Employee');
    await expectOk(await t.http().post('/business/update').set(owner.h).send({ booking_confirmation: true }), 200);
    const customer = async (first_name: string, category: string) =>
      (
        await expectOk(
          await t
            .http()
            .put('/business/customer/create')
            .set(owner.h)
            .send({ first_name, last_name: 'Test', phone: `+2162${Math.floor(1e6 + Math.random() * 8e6)}`, category }),
          201,
        )
      ).id as string;
    vip = await customer('Vera', 'VIP');
    blacklisted = await customer('Boris', 'BLACKLISTED');
    regular = await customer('Rita', 'BASIC');
  });
  afterAll(() => t.close());

  const ask = (by: Staff, time: string, extra: Record<string, unknown> = {}) =>
    t
      .http()
      .put('/business/booking/create')
      .set(by.h)
      .send({ department_id: departmentId, starts_at: at(day, time), is_online: true, ...extra });

  describe('without rules, staff decide', () => {
    let id: string;

    it('turns an online booking into a pending request (202) while the business confirms bookings; a desk booking stays a booking', async () => {
      const res = await ask(agent, '09:00', { customer_id: regular, remarks: 'online' });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        flow: 'booking',
        status: 'pending',
        department_id: departmentId,
        customer_id: regular,
        customer_name: 'Rita Test',
        booking_id: null,
        decision: null,
      });
      id = res.body.id;
      expect(res.body.history.map((h: { type: string }) => h.type)).toEqual(['BookingRequested']);
      expect(
        (
          await t
            .http()
            .put('/business/booking/create')
            .set(owner.h)
            .send({ department_id: departmentId, starts_at: at(day, '15:00') })
        ).status,
      ).toBe(201);
    });

    it('refuses a request the booking itself would refuse, with 422 and nothing written', async () => {
      const before = await head(t);
      const res = await ask(owner, '09:00', { service_ids: ['00000000-0000-4000-8000-000000000000'] });
      expect(res.status).toBe(422);
      expect(await head(t)).toBe(before);
    });

    it('lists, pages, filters and reads one request', async () => {
      const page = await expectOk(await t.http().get('/business/booking/request?page=1').set(agent.h), 200);
      expect(page).toMatchObject({ total: 1, page: 1 });
      expect((await expectOk(await t.http().get('/business/booking/request?pagination=off').set(owner.h), 200)).data.map((r: { id: string }) => r.id)).toEqual([
        id,
      ]);
      const filtered = await expectOk(
        await t
          .http()
          .post('/business/booking/request/filter')
          .set(owner.h)
          .send({ status: 'pending', department_id: departmentId, from: day, to: day, q: 'rita' }),
        200,
      );
      expect(filtered.data.map((r: { id: string }) => r.id)).toEqual([id]);
      expect((await expectOk(await t.http().post('/business/booking/request/filter').set(owner.h).send({ status: 'declined' }), 200)).total).toBe(0);
      expect((await t.http().post('/business/booking/request/filter').set(owner.h).send({ status: 'maybe' })).status).toBe(422);
      expect((await t.http().post('/business/booking/request/filter').set(owner.h).send({ from: '2026-02-30' })).status).toBe(422);
      expect((await expectOk(await t.http().get(`/business/booking/request/${id}`).set(owner.h), 200)).id).toBe(id);
    });

    it("approves with changes (another slot): the booking is made with the request's id and the decision names the staff member", async () => {
      const res = await expectOk(
        await t
          .http()
          .post(`/business/booking/request/${id}/approve`)
          .set(agent.h)
          .send({ data: { starts_at: at(day, '10:00') } }),
        200,
      );
      expect(res).toMatchObject({ status: 'approved', booking_id: id, decision: { status: 'approved', rule_id: null, by: agent.userId } });
      expect(res.history.map((h: { type: string }) => h.type)).toEqual(['BookingRequested', 'BookingRequestApproved']);
      const booking = await expectOk(await t.http().get(`/business/booking/${id}`).set(owner.h), 200);
      expect(booking).toMatchObject({ slot: '10:00', status: 'confirmed', customer_id: regular, channel: 'online' });
      expect((await t.http().post(`/business/booking/request/${id}/approve`).set(owner.h).send({})).status).toBe(409);
      expect((await t.http().delete(`/business/booking/request/${id}/decline`).set(owner.h).send({ reason: 'late' })).status).toBe(409);
    });

    it('answers bad approval data with 4xx, never 500, and leaves the request pending', async () => {
      const asked = await expectOk(await ask(owner, '11:30'), 202);
      for (const data of [
        { starts_at: 5 },
        { starts_at: 'soon' },
        { service_ids: 'all' },
        { member_id: 7 },
        { department_id: null },
        { additional_data: [1] },
        'text',
        [1],
      ]) {
        const res = await t.http().post(`/business/booking/request/${asked.id}/approve`).set(owner.h).send({ data });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect((await expectOk(await t.http().get(`/business/booking/request/${asked.id}`).set(owner.h), 200)).status).toBe('pending');
      await expectOk(await t.http().delete(`/business/booking/request/${asked.id}/decline`).set(owner.h).send({}), 200);
    });

    it('declines with a reason', async () => {
      const asked = await expectOk(await ask(owner, '11:00'), 202);
      const res = await expectOk(await t.http().delete(`/business/booking/request/${asked.id}/decline`).set(owner.h).send({ reason: 'Doctor away' }), 200);
      expect(res).toMatchObject({
        status: 'declined',
        booking_id: null,
        decision: { status: 'declined', reason: 'Doctor away', by: owner.userId, rule_id: null },
      });
      expect((await t.http().post(`/business/booking/request/${asked.id}/approve`).set(owner.h).send({})).status).toBe(409);
    });

    it('lets exactly one of two staff approving two requests for the last seat win; the other gets 409 and stays pending', async () => {
      const a = await expectOk(await ask(owner, '12:00'), 202);
      const b = await expectOk(await ask(owner, '12:00'), 202);
      const answers = await Promise.all([
        t.http().post(`/business/booking/request/${a.id}/approve`).set(owner.h).send({}),
        t.http().post(`/business/booking/request/${b.id}/approve`).set(agent.h).send({}),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = answers[0].status === 409 ? a.id : b.id;
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('slot_full');
      expect((await expectOk(await t.http().get(`/business/booking/request/${loser}`).set(owner.h), 200)).status).toBe('pending');
      const range = await expectOk(await t.http().post('/business/booking/range?pagination=off').set(owner.h).send({ from: day, to: day }), 200);
      expect(range.data.filter((x: { slot: string }) => x.slot === '12:00')).toHaveLength(1);
    });

    it('makes one booking and one approval of one request approved twice at once', async () => {
      const asked = await expectOk(await ask(owner, '17:00'), 202);
      const answers = await Promise.all([
        t.http().post(`/business/booking/request/${asked.id}/approve`).set(owner.h).send({}),
        t.http().post(`/business/booking/request/${asked.id}/approve`).set(agent.h).send({}),
      ]);
      // The second finds the booking made (the request's id) and the approval recorded: it changes nothing, or is told 409.
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const history = (await expectOk(await t.http().get(`/business/booking/request/${asked.id}`).set(owner.h), 200)).history;
      expect(history.map((h: { type: string }) => h.type)).toEqual(['BookingRequested', 'BookingRequestApproved']);
      const range = await expectOk(await t.http().post('/business/booking/range?pagination=off').set(owner.h).send({ from: day, to: day }), 200);
      expect(range.data.filter((x: { slot: string }) => x.slot === '17:00').map((x: { id: string }) => x.id)).toEqual([asked.id]);
      expect((await expectOk(await t.http().get(`/business/booking/request/${asked.id}`).set(owner.h), 200)).status).toBe('approved');
    });

    it('keeps each business to its own requests', async () => {
      const [first] = (await expectOk(await t.http().get('/business/booking/request?pagination=off').set(owner.h), 200)).data;
      expect((await t.http().get(`/business/booking/request/${first.id}`).set(other.h)).status).toBe(404);
      expect((await t.http().post(`/business/booking/request/${first.id}/approve`).set(other.h).send({})).status).toBe(404);
      expect((await t.http().delete(`/business/booking/request/${first.id}/decline`).set(other.h).send({})).status).toBe(404);
      expect((await expectOk(await t.http().get('/business/booking/request?pagination=off').set(other.h), 200)).data).toEqual([]);
    });
  });

  describe('rules decide on arrival, in position order', () => {
    beforeAll(async () => {
      await expectOk(
        await t.http().put('/business/rules/create').set(owner.h).send({ name: 'No blacklisted', action: 'decline', applies_to: 'blacklisted' }),
        201,
      );
      await expectOk(await t.http().put('/business/rules/create').set(owner.h).send({ name: 'VIP first', action: 'approve', applies_to: 'vip' }), 201);
      await expectOk(await t.http().put('/business/rules/create').set(owner.h).send({ name: 'Queue joins', action: 'decline', flow: 'queue' }), 201);
    });

    it("declines a blacklisted customer with the rule's name as the reason, and the history shows the rule", async () => {
      const res = await expectOk(await ask(owner, '13:00', { customer_id: blacklisted }), 202);
      expect(res).toMatchObject({ status: 'declined', decision: { status: 'declined', rule_name: 'No blacklisted', reason: 'No blacklisted', by: null } });
      expect(res.history.at(-1)).toMatchObject({ type: 'BookingRequestDeclined', rule_name: 'No blacklisted' });
    });

    it('approves a VIP at once, making the booking', async () => {
      const res = await expectOk(await ask(owner, '14:00', { customer_id: vip }), 202);
      expect(res).toMatchObject({ status: 'approved', booking_id: res.id, decision: { rule_name: 'VIP first', by: null } });
      expect((await expectOk(await t.http().get(`/business/booking/${res.id}`).set(owner.h), 200)).status).toBe('confirmed');
    });

    it('leaves a regular customer to staff, and a VIP whose slot is full too', async () => {
      expect((await expectOk(await ask(owner, '16:00', { customer_id: regular }), 202)).status).toBe('pending');
      expect((await expectOk(await ask(owner, '14:00', { customer_id: vip }), 202)).status).toBe('pending');
    });
  });
  it('tells the business room of each request and decision (view bookingrequest), and no other business', async () => {
    const clients = socketClients(() => `http://127.0.0.1:${t.app.get(BroadcastService).port}`);
    try {
      const screen = await clients.connect(owner.token);
      const elsewhere = await clients.connect(other.token);
      const got: { view: string; key: string; type?: string }[] = [];
      const leaked: unknown[] = [];
      screen.on('change', (n: { view: string; key: string; type?: string }) => got.push(n));
      elsewhere.on('change', (n: unknown) => leaked.push(n));
      const asked = await expectOk(await ask(owner, '08:00', { customer_id: regular }), 202);
      await expectOk(await t.http().delete(`/business/booking/request/${asked.id}/decline`).set(owner.h).send({ reason: 'Closed' }), 200);
      const end = Date.now() + 5000;
      while (!got.some((n) => n.type === 'BookingRequestDeclined') && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      expect(got.filter((n) => n.view === 'bookingrequest' && n.key === `bookingrequest-${asked.id}`).map((n) => n.type)).toEqual([
        'BookingRequested',
        'BookingRequestDeclined',
      ]);
      expect(leaked).toEqual([]);
    } finally {
      clients.closeAll();
    }
  });

  it('rebuilds the rules, requests, form, payment-type and payment tables from the events alone, row for row', async () => {
    const db = t.database.db;
    await expectOk(
      await t
        .http()
        .put('/business/forms/create')
        .set(owner.h)
        .send({ names: { en: 'Note' } }),
      201,
    );
    await expectOk(
      await t
        .http()
        .post('/business/payment-types/update')
        .set(owner.h)
        .send({ methods: ['cash'] }),
      200,
    );
    const [booking] = (await expectOk(await t.http().post('/business/booking/range?pagination=off').set(owner.h).send({ from: day, to: day }), 200)).data;
    await expectOk(
      await t.http().post('/business/booking/transaction/create').set(owner.h).send({ booking_id: booking.id, amount: '0.01', method: 'cash' }),
      201,
    );
    const tables = ['booking_rules', 'booking_requests', 'booking_form_fields', 'business_payment_types', 'booking_transactions'];
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (name) => [name, (await sql`SELECT * FROM ${sql.table(name)} ORDER BY tenant_id, 2`.execute(db)).rows] as const)),
      );
    const live = await snapshot();
    expect(Object.values(live).every((rows) => rows.length > 0)).toBe(true);
    for (const projection of [rulesProjection, bookingRequestsProjection, formsProjection, paymentTypesProjection, paymentsProjection]) {
      await rebuildProjection(db, { kind: 'inline', projection }, 3);
    }
    expect(await snapshot()).toEqual(live);
  });
});
