import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { at, bookableBusiness, dayAhead, expectOk, ZONE } from './bookings-fixtures';
import { DateTime } from 'luxon';
import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { accountSettingsProjection } from '@tabour/accounts';
import { paymentSettingsProjection } from '@tabour/bookings';
import { categoryProjection, legalProjection } from '@tabour/organisation';

describe('account settings over HTTP: account, payments, categories, terms and policy', () => {
  let t: TestApp;
  let owner: Staff;
  let manager: Staff;
  let agent: Staff;
  let other: Staff;
  let departmentId: string;
  let secondDepartment: string;
  let bookingA: string;
  let bookingB: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, departmentId } = await bookableBusiness(t, 'Ledger Clinic'));
    other = await newBusiness(t, 'Elsewhere Clinic');
    manager = await newMember(t, owner, 'Manager');
    agent = await newMember(t, owner, 'Employee');
    const service = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: 'Visit', price: 100, duration: 15 }), 201)).id;
    await expectOk(
      await t
        .http()
        .post(`/business/department/${departmentId}/update`)
        .set(owner.h)
        .send({ service_ids: [service] }),
      200,
    );
    secondDepartment = (await expectOk(await t.http().put('/business/department/create').set(owner.h).send({ name: 'Annex' }), 201)).id;
    const book = async (dep: string, time: string) =>
      (
        await expectOk(
          await t
            .http()
            .put('/business/booking/create')
            .set(owner.h)
            .send({ department_id: dep, starts_at: at(dayAhead(3), time), service_ids: [service] }),
          201,
        )
      ).id;
    bookingA = await book(departmentId, '09:00');
    bookingB = await book(departmentId, '10:00');
  });
  afterAll(() => t.close());

  const pay = (by: Staff, booking: string, body: Record<string, unknown>) =>
    t
      .http()
      .post('/business/booking/transaction/create')
      .set(by.h)
      .send({ booking_id: booking, method: 'cash', ...body });

  describe('/account/setting', () => {
    it('answers the account facts and the defaults, and keeps what the administrator sets', async () => {
      const first = await expectOk(await t.http().get('/business/account/setting').set(owner.h), 200);
      expect(first).toMatchObject({
        business_id: owner.businessId,
        organization_id: owner.businessId,
        name: 'Ledger Clinic',
        contact_email: null,
        notice_language: 'en',
        status: 'approved',
      });
      expect(first.owner.email).toBe(first.registration_email);
      const saved = await expectOk(
        await t.http().post('/business/account/setting/update').set(owner.h).send({ contact_email: 'Accounts@Ledger.example', notice_language: 'fr' }),
        200,
      );
      expect(saved).toMatchObject({ contact_email: 'accounts@ledger.example', notice_language: 'fr' });
      expect(await expectOk(await t.http().get('/business/account/setting').set(owner.h), 200)).toMatchObject({
        contact_email: 'accounts@ledger.example',
        notice_language: 'fr',
      });
      // Another business keeps its own.
      expect(await expectOk(await t.http().get('/business/account/setting').set(other.h), 200)).toMatchObject({
        name: 'Elsewhere Clinic',
        contact_email: null,
      });
    });

    it('refuses a bad e-mail or language with 422 naming the field, an unknown field, and anyone but ADMIN', async () => {
      const before = await head(t);
      const bad = await t.http().post('/business/account/setting/update').set(owner.h).send({ contact_email: 'not-an-address', notice_language: 'xx' });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['notice_language']));
      expect((await t.http().post('/business/account/setting/update').set(owner.h).send({ contact_email: 'nope' })).body.errors.contact_email).toEqual([
        'Enter a valid e-mail address',
      ]);
      expect((await t.http().post('/business/account/setting/update').set(owner.h).send({ theme: 'dark' })).status).toBe(422);
      expect((await t.http().get('/business/account/setting').set(manager.h)).status).toBe(403);
      expect((await t.http().post('/business/account/setting/update').set(agent.h).send({ notice_language: 'ar' })).status).toBe(403);
      expect(await head(t)).toBe(before);
    });
  });

  describe('/myliberrex and the counter agents amount rule', () => {
    it('starts from the defaults, which any staff reads, and lets only ADMIN change them', async () => {
      expect(await expectOk(await t.http().get('/business/myliberrex').set(agent.h), 200)).toEqual({ currency: 'EUR', agents_may_enter_amount: true });
      expect((await t.http().post('/business/myliberrex/update').set(manager.h).send({ currency: 'TND' })).status).toBe(403);
      const bad = await t.http().post('/business/myliberrex/update').set(owner.h).send({ currency: 'ZZZ' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.currency).toBeDefined();
      expect(await expectOk(await t.http().post('/business/myliberrex/update').set(owner.h).send({ currency: 'TND' }), 200)).toEqual({
        currency: 'TND',
        agents_may_enter_amount: true,
      });
    });

    it('a counter agent records an amount only while the business allows it; ADMIN and MANAGER always', async () => {
      await expectOk(await pay(agent, bookingA, { amount: '10.00', paid_on: '2026-03-02' }), 201);
      await expectOk(await t.http().post('/business/myliberrex/update').set(owner.h).send({ agents_may_enter_amount: false }), 200);
      const before = await head(t);
      const refused = await pay(agent, bookingA, { amount: '5.00' });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('amount_entry_not_allowed');
      expect(refused.body.errors.amount).toEqual(['Your business does not allow counter agents to enter an amount']);
      expect(await head(t)).toBe(before);
      await expectOk(await pay(manager, bookingA, { amount: '20.00', method: 'cheque', paid_on: '2026-03-05' }), 201);
      await expectOk(await pay(owner, bookingA, { amount: '70.00', method: 'online', paid_on: '2026-04-01' }), 201);
      // Another business's setting is its own: its agents are not refused.
      expect(await expectOk(await t.http().get('/business/myliberrex').set(other.h), 200)).toEqual({ currency: 'EUR', agents_may_enter_amount: true });
      await expectOk(await t.http().post('/business/myliberrex/update').set(owner.h).send({ agents_may_enter_amount: true }), 200);
      await expectOk(await pay(agent, bookingB, { amount: '40.00' }), 201);
    });
  });

  describe('GET /booking/payments', () => {
    it('lists the received payments newest day first with the totals of all the filters keep', async () => {
      const all = await expectOk(await t.http().get('/business/booking/payments?per_page=2').set(owner.h), 200);
      expect(all.total).toBe(4);
      expect(all.data).toHaveLength(2);
      expect(all.last_page).toBe(2);
      expect(all.currency).toBe('TND');
      expect(all.time_zone).toBe(ZONE);
      expect(all.totals).toEqual({
        count: 4,
        amount: 140,
        by_method: [
          { method: 'cash', count: 2, amount: 50 },
          { method: 'cheque', count: 1, amount: 20 },
          { method: 'online', count: 1, amount: 70 },
        ],
      });
      // The payment without a paid-on date counts for the day it was recorded in the business's zone: today.
      const today = DateTime.now().setZone(ZONE).toISODate();
      expect(all.data[0]).toMatchObject({
        day: today,
        amount: 40,
        method: 'cash',
        status: 'partially_paid',
        rest_to_pay: 60,
        booking_id: bookingB,
        department_id: departmentId,
      });
      expect(all.data[0].department_name).toEqual(expect.any(String));
    });

    it('filters by period, method, status and department', async () => {
      const march = await expectOk(await t.http().get('/business/booking/payments?from=2026-03-01&to=2026-03-31').set(owner.h), 200);
      expect(march.data.map((p: { amount: number }) => p.amount)).toEqual([20, 10]);
      expect(march.totals.amount).toBe(30);
      const online = await expectOk(await t.http().get('/business/booking/payments?method=online').set(owner.h), 200);
      expect(online.data.map((p: { status: string }) => p.status)).toEqual(['paid']);
      const partial = await expectOk(await t.http().get('/business/booking/payments?status=partially_paid').set(owner.h), 200);
      expect(partial.total).toBe(3);
      const annex = await expectOk(await t.http().get(`/business/booking/payments?department_id=${secondDepartment}`).set(owner.h), 200);
      expect(annex).toMatchObject({ total: 0, data: [], totals: { count: 0, amount: 0, by_method: [] } });
      const everything = await expectOk(await t.http().get('/business/booking/payments?pagination=off').set(owner.h), 200);
      expect(everything.data).toHaveLength(4);
    });

    it('refuses bad filters with 422 or 400, never 500; other roles get 403; another business sees none of it', async () => {
      for (const q of ['from=2026-02-30', 'to=yesterday', 'method=gold', 'status=owed', 'department_id=nope', 'from=2026-05-01&to=2026-04-01']) {
        expect([q, (await t.http().get(`/business/booking/payments?${q}`).set(owner.h)).status]).toEqual([q, 422]);
      }
      expect((await t.http().get('/business/booking/payments?page=0').set(owner.h)).status).toBe(400);
      expect((await t.http().get('/business/booking/payments').set(manager.h)).status).toBe(403);
      expect((await t.http().get('/business/booking/payments').set(agent.h)).status).toBe(403);
      expect(await expectOk(await t.http().get('/business/booking/payments').set(other.h), 200)).toMatchObject({ total: 0, data: [] });
    });
  });

  describe('/category', () => {
    it('creates, lists, updates and deletes; another business gets 404; only ADMIN writes', async () => {
      const created = await expectOk(await t.http().post('/business/category/create').set(owner.h).send({ name: ' Insurance ', color: '#336699' }), 201);
      expect(created).toMatchObject({ name: 'Insurance', color: '#336699' });
      await expectOk(await t.http().post('/business/category/create').set(owner.h).send({ name: 'Cash only' }), 201);
      const list = await expectOk(await t.http().get('/business/category?pagination=off').set(agent.h), 200);
      expect(list.data.map((c: { name: string }) => c.name)).toEqual(['Cash only', 'Insurance']);
      expect((await t.http().get(`/business/category?q=insur`).set(owner.h)).body.total).toBe(1);
      expect(
        await expectOk(await t.http().post(`/business/category/${created.id}/update`).set(owner.h).send({ name: 'Mutual', color: null }), 200),
      ).toMatchObject({
        name: 'Mutual',
        color: null,
      });
      expect((await t.http().post('/business/category/create').set(owner.h).send({ name: '' })).status).toBe(422);
      expect((await t.http().post('/business/category/create').set(owner.h).send({ name: 'x', color: 'blue' })).status).toBe(422);
      expect((await t.http().post('/business/category/create').set(agent.h).send({ name: 'x' })).status).toBe(403);
      expect((await t.http().get(`/business/category/${created.id}`).set(other.h)).status).toBe(404);
      expect((await t.http().post(`/business/category/${created.id}/update`).set(other.h).send({ name: 'Mine' })).status).toBe(404);
      expect((await t.http().delete(`/business/category/${created.id}/delete`).set(other.h)).status).toBe(404);
      expect(await expectOk(await t.http().delete(`/business/category/${created.id}/delete`).set(owner.h), 200)).toEqual({ id: created.id });
      expect((await t.http().get(`/business/category/${created.id}`).set(owner.h)).status).toBe(404);
      expect((await t.http().get('/business/category/not-an-id').set(owner.h)).status).toBe(404);
    });
  });

  describe('/terms and /policy', () => {
    it("answers the product's default with the business's name until one is added, then each added version", async () => {
      for (const kind of ['terms', 'policy']) {
        const def = await expectOk(await t.http().get(`/business/${kind}/default`).set(owner.h), 200);
        expect(def).toMatchObject({ kind, version: 0, created_at: null });
        expect(def.content).toContain('Ledger Clinic');
        expect(await expectOk(await t.http().get(`/business/${kind}/current`).set(agent.h), 200)).toEqual(def);
      }
      // In the caller's language (Content-Language), English otherwise.
      const french = await expectOk(await t.http().get('/business/policy/default').set(owner.h).set('Content-Language', 'fr-FR'), 200);
      expect(french.content.split('\n')[0]).toBe('Politique de confidentialité de Ledger Clinic');
      expect((await expectOk(await t.http().get('/business/terms/current').set(owner.h).set('Content-Language', 'xx'), 200)).content).toMatch(
        /^Terms of service of/,
      );
      const v1 = await expectOk(await t.http().post('/business/terms/add').set(owner.h).send({ content: 'Our terms, first.' }), 200);
      expect(v1).toMatchObject({ kind: 'terms', version: 1, content: 'Our terms, first.' });
      expect(v1.created_by).toEqual(expect.any(String));
      // The same text again adds no version.
      expect((await expectOk(await t.http().post('/business/terms/add').set(owner.h).send({ content: 'Our terms, first.' }), 200)).version).toBe(1);
      await expectOk(await t.http().post('/business/terms/add').set(owner.h).send({ content: 'Our terms, second.' }), 200);
      expect((await expectOk(await t.http().get('/business/terms/current').set(owner.h), 200)).version).toBe(2);
      const versions = await expectOk(await t.http().get('/business/terms/versions').set(owner.h), 200);
      expect(versions.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      // The policy and another business are untouched.
      expect((await expectOk(await t.http().get('/business/policy/current').set(owner.h), 200)).version).toBe(0);
      expect((await expectOk(await t.http().get('/business/terms/current').set(other.h), 200)).version).toBe(0);
      expect(await expectOk(await t.http().get('/business/terms/versions').set(other.h), 200)).toEqual({ data: [] });
    });

    it('refuses an empty or too long text, and anyone but ADMIN adding', async () => {
      expect((await t.http().post('/business/policy/add').set(owner.h).send({ content: '   ' })).status).toBe(422);
      expect(
        (
          await t
            .http()
            .post('/business/policy/add')
            .set(owner.h)
            .send({ content: 'x'.repeat(50_001) })
        ).status,
      ).toBe(422);
      expect((await t.http().post('/business/policy/add').set(owner.h).send({})).status).toBe(422);
      expect((await t.http().post('/business/policy/add').set(manager.h).send({ content: 'Mine' })).status).toBe(403);
    });
  });

  it('each read table rebuilt from its events equals the live rows', async () => {
    const db = t.database.db;
    await expectOk(await t.http().post('/business/category/create').set(other.h).send({ name: 'Kept', color: '#abcdef' }), 201);
    const tables = ['business_categories', 'business_legal_texts', 'business_account_settings', 'business_payment_settings'];
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (name) => [name, (await sql`SELECT * FROM ${sql.table(name)} ORDER BY 1, 2, 3`.execute(db)).rows] as const)),
      );
    const live = await snapshot();
    expect(Object.values(live).every((rows) => rows.length > 0)).toBe(true);
    for (const projection of [categoryProjection, legalProjection, accountSettingsProjection, paymentSettingsProjection]) {
      await rebuildProjection(db, { kind: 'inline', projection }, 2);
    }
    expect(await snapshot()).toEqual(live);
  });
});
