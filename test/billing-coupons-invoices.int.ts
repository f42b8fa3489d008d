import { CouponsService, NewCoupon } from '../apps/api/src/billing/coupons';
import { createTestApp, TestApp } from './support/app';
import { auth, LoggedIn, registerBusiness } from './support/fixtures';

const DAY = 24 * 3600 * 1000;
const VISA = { card_number: '4242424242424242', exp_month: 12, exp_year: 2034 };

/** Coupon rules, redemptions counted under concurrency, and invoice numbers under concurrent purchases. */
describe('billing: coupons and invoice numbers', () => {
  let t: TestApp;
  let coupons: CouponsService;

  beforeAll(async () => {
    t = await createTestApp();
    coupons = t.app.get(CouponsService);
  });
  afterAll(() => t.close());

  const h = (b: LoggedIn) => auth(b.token);
  const coupon = (over: Partial<NewCoupon>): Promise<unknown> =>
    coupons.create({
      code: 'X',
      kind: 'percent',
      value: 10,
      currency: null,
      duration: 'once',
      duration_months: null,
      valid_from: null,
      valid_until: null,
      max_redemptions: null,
      packages: ['LIBERUP', 'LIBERPRO'],
      ...over,
    });
  const ready = async (name: string) => {
    const b = await registerBusiness(t, name);
    const res = await t.http().put('/business/billing/create').set(h(b)).send(VISA);
    if (res.status !== 201) throw new Error(`card answered ${res.status}`);
    return b;
  };
  const check = (b: LoggedIn, code: string, query = '') => t.http().get(`/business/billing/coupon/${code}${query}`).set(h(b));

  it('refuses unknown, expired, not yet valid, used up and other packages’ coupons, each with its code', async () => {
    const now = Date.now();
    await coupon({ code: 'OLD', valid_until: new Date(now - DAY) });
    await coupon({ code: 'SOON', valid_from: new Date(now + DAY) });
    await coupon({ code: 'PROONLY', packages: ['LIBERPRO'] });
    await coupon({ code: 'FIVEOFF', kind: 'amount', value: 500, currency: 'EUR', duration: 'repeating', duration_months: 3 });
    const b = await ready('Coupons');
    expect((await check(b, 'NOPE')).status).toBe(404);
    expect((await check(b, 'NOPE')).body.code).toBe('coupon_invalid');
    expect((await check(b, 'OLD')).body).toMatchObject({ code: 'coupon_expired', errors: { coupon: ['This coupon has expired'] } });
    expect((await check(b, 'SOON')).body.code).toBe('coupon_not_started');
    expect((await check(b, 'PROONLY', '?package=LIBERUP&plan=monthly')).body.code).toBe('coupon_not_for_package');
    expect((await check(b, 'proonly', '?package=LIBERPRO&plan=monthly')).status).toBe(200);
    const five = await check(b, 'FIVEOFF', '?package=LIBERUP&plan=monthly');
    expect(five.body).toMatchObject({
      valid: true,
      coupon: { kind: 'amount', value: 500, duration: 'repeating', duration_months: 3 },
      quote: { discount: 500, subtotal: 2400 },
    });
    const refused = await t.http().post('/business/membership/update').set(h(b)).send({ package: 'LIBERUP', plan: 'monthly', coupon: 'OLD' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('coupon_expired');

    // A repeating coupon follows the membership to its renewals while months are left.
    const paid = await t.http().post('/business/membership/update').set(h(b)).send({ package: 'LIBERUP', plan: 'monthly', coupon: 'FIVEOFF' });
    expect(paid.body.membership.coupon).toEqual({ code: 'FIVEOFF', months_left: 2 });
    expect((await check(b, 'FIVEOFF')).body.code).toBe('coupon_used_up');

    // The coupons screen lists what the business may still use.
    const list = await t.http().get('/business/coupons').set(h(b));
    const codes = list.body.data.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['PROONLY', 'FIVEOFF']));
    expect(codes).not.toContain('OLD');
    expect(codes).not.toContain('SOON');
  });

  it('refuses a coupon the operator writes wrong', async () => {
    await expect(coupon({ code: 'BAD', kind: 'percent', value: 120 })).rejects.toMatchObject({ status: 422, errors: { value: expect.any(Array) } });
    await expect(coupon({ code: 'AMT', kind: 'amount', value: 100 })).rejects.toMatchObject({ errors: { currency: expect.any(Array) } });
    await expect(coupon({ code: 'REP', duration: 'repeating' })).rejects.toMatchObject({ errors: { duration_months: expect.any(Array) } });
    await expect(coupon({ code: 'FREE1', packages: ['FREE'] })).rejects.toMatchObject({ errors: { packages: expect.any(Array) } });
    await coupon({ code: 'TWICE' });
    await expect(coupon({ code: 'twice' })).rejects.toMatchObject({ status: 409 });
  });

  it('never lets more businesses redeem a coupon than its maximum, however many buy at once', async () => {
    await coupon({ code: 'FIRST3', max_redemptions: 3, value: 50 });
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => ready(`Rush ${i}`)));
    const answers = await Promise.all(
      buyers.map((b) => t.http().post('/business/membership/update').set(h(b)).send({ package: 'LIBERUP', plan: 'monthly', coupon: 'FIRST3' })),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body.code).toBe('coupon_used_up');
    const row = await t.database.db.selectFrom('billing_coupons').select(['redemptions']).where('code', '=', 'FIRST3').executeTakeFirstOrThrow();
    expect(row.redemptions).toBe(3);
    const redeemed = await t.database.db.selectFrom('billing_coupon_redemptions').select(['status']).where('code', '=', 'FIRST3').execute();
    expect(redeemed.map((r) => r.status)).toEqual(['redeemed', 'redeemed', 'redeemed']);
  });

  it('numbers the invoices of 20 purchases made at once without a gap or a duplicate', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => ready(`Concurrent ${i}`)));
    const before = await t.database.db.selectFrom('invoices').select(['year', 'seq']).where('kind', '=', 'invoice').execute();
    const answers = await Promise.all(
      buyers.map((b, i) =>
        t
          .http()
          .post('/payment/paymaster/business')
          .set(h(b))
          .send({ package: i % 2 ? 'LIBERUP' : 'LIBERPRO', plan: 'monthly' }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const year = Number(answers[0].body.invoice.number.slice(4, 8));
    const all = await t.database.db
      .selectFrom('invoices')
      .select(['seq', 'number'])
      .where('kind', '=', 'invoice')
      .where('year', '=', year)
      .orderBy('seq')
      .execute();
    const seqs = all.map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(new Set(all.map((r) => r.number)).size).toBe(all.length);
    expect(all.length).toBe(before.filter((r) => r.year === year).length + 20);
    const mine = new Set(answers.map((r) => r.body.invoice.number));
    expect(mine.size).toBe(20);
  });

  it('keeps an issued invoice as it was: the register refuses a change or a deletion', async () => {
    const any = await t.database.db.selectFrom('invoices').select('id').executeTakeFirstOrThrow();
    await expect(t.database.db.updateTable('invoices').set({ total: 1 }).where('id', '=', any.id).execute()).rejects.toThrow(/never changed/);
    await expect(t.database.db.deleteFrom('invoices').where('id', '=', any.id).execute()).rejects.toThrow(/never deleted/);
  });
});
