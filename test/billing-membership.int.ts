import { randomUUID } from 'node:crypto';
import { mailboxDir, readMailbox } from '@tabour/notifications';
import { AppConfig } from '@tabour/platform';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { Clock } from '../apps/api/src/accounts/clock';
import { CouponsService } from '../apps/api/src/billing/coupons';
import { MembershipSweep } from '../apps/api/src/billing/membership-sweep';
import { APP_CONFIG } from '../apps/api/src/common/tokens';
import { createTestApp, TestApp } from './support/app';
import { auth, LoggedIn, login, registerBusiness, STRONG_PASSWORD } from './support/fixtures';
import { pdfText } from './support/pdf-text';

const DAY = 24 * 3600 * 1000;
const VISA = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const DECLINED = { card_number: '4000000000000002', exp_month: 12, exp_year: 2034 };
const NO_FUNDS = { card_number: '4000000000009995', exp_month: 12, exp_year: 2034 };

/**
 * Membership, billing and the local test provider on PostgreSQL: buying with a coupon, the
 * invoice and its PDF, declines, a prorated upgrade, cancellation, the trial's end, renewals
 * (paid, failed into grace, then FREE with nothing deleted), and another business's invoice.
 */
describe('billing: membership through the local test provider', () => {
  let t: TestApp;
  let clock: Clock;
  let now: number;

  beforeAll(async () => {
    // The tests run the sweep themselves, at the moments they choose; the timer would run it at others.
    t = await createTestApp({ MEMBERSHIP_JOB: 'off' });
    clock = t.app.get(Clock);
    now = Date.now();
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
    await t.app.get(CouponsService).create({
      code: 'LAUNCH20',
      kind: 'percent',
      value: 20,
      currency: null,
      duration: 'once',
      duration_months: null,
      valid_from: null,
      valid_until: null,
      max_redemptions: null,
      packages: ['LIBERUP', 'LIBERPRO'],
    });
  });
  afterAll(() => t.close());

  const h = (b: LoggedIn) => auth(b.token);
  /** Moves the clock and logs in again (sessions end after 12 idle hours). */
  const travel = async (ms: number, ...who: LoggedIn[]) => {
    now += ms;
    for (const b of who) Object.assign(b, await login(t, b.email, STRONG_PASSWORD));
  };
  const addCard = async (b: LoggedIn, card: object) => {
    const res = await t.http().put('/business/billing/create').set(h(b)).send(card);
    if (res.status !== 201) throw new Error(`card answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as { id: string; last4: string; brand: string; is_default: boolean };
  };
  const buy = (b: LoggedIn, body: object) => t.http().post('/business/membership/update').set(h(b)).send(body);
  const types = async (tenant: string) =>
    (
      await sql<{ event_type: string }>`SELECT event_type FROM es_events WHERE stream_id = ${`membership-${tenant}`} ORDER BY position`.execute(t.database.db)
    ).rows.map((e) => e.event_type);

  it('offers the catalogue with the feature matrix and every price with the VAT of the business (Tunisia, 19 %)', async () => {
    const b = await registerBusiness(t, 'Catalogue');
    const res = await t.http().get('/business/package').set(h(b));
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual(['TRIAL', 'FREE', 'LIBERUP', 'LIBERPRO']);
    const pro = res.body.data[3];
    expect(pro).toMatchObject({ vat_rate: 19, currency: 'EUR', prices: { yearly: { net: 79000, vat: 15010, gross: 94010 } } });
    expect(pro.features).toMatchObject({ kiosks_and_displays: null, report_mails: true });
    expect(res.body.data[1]).toMatchObject({ prices: null, features: { queues: 1, kiosks_and_displays: 0 } });
  });

  it('upgrades a trial to LIBERPRO yearly with a coupon: paid, invoiced with VAT, the kiosks unlocked', async () => {
    const b = await registerBusiness(t, 'Clinic Pro');
    const card = await addCard(b, VISA);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', is_default: true, provider: 'test' });
    // Only the last four digits are kept, never the number.
    expect(JSON.stringify(await t.database.db.selectFrom('payment_methods').selectAll().execute())).not.toContain('424242424242');

    const check = await t.http().get('/business/billing/coupon/launch20?package=LIBERPRO&plan=yearly').set(h(b));
    expect(check.status).toBe(200);
    expect(check.body.quote).toMatchObject({ list_price: 79000, discount: 15800, subtotal: 63200, vat_rate: 19, vat: 12008, total: 75208 });

    const res = await buy(b, { package: 'LIBERPRO', plan: 'yearly', coupon: 'launch20' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('succeeded');
    expect(res.body.membership).toMatchObject({ package: 'LIBERPRO', plan: 'yearly', status: 'active', trial: { active: false } });
    const invoice = res.body.invoice;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      status: 'paid',
      coupon: { code: 'LAUNCH20', discount: 15800 },
      subtotal: 63200,
      vat_rate: 19,
      vat: 12008,
      total: 75208,
      buyer: { name: 'Clinic Pro', country: 'TN' },
    });
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(invoice.lines[0]).toMatchObject({ package: 'LIBERPRO', plan: 'yearly', amount: 79000 });

    const list = await t.http().get('/business/billing').set(h(b));
    expect(list.body).toMatchObject({ total: 1, data: [{ id: invoice.id, number: invoice.number }] });
    expect((await t.http().get(`/business/billing/${invoice.id}`).set(h(b))).body.number).toBe(invoice.number);
    expect((await t.http().post('/business/kiosk/create').set(h(b)).send({})).body.code).not.toMatch(/^plan_/);
    expect(await types(b.businessId)).toEqual(['PaymentMethodAdded', 'MembershipPurchased', 'InvoiceIssued']);

    // The coupon is the business's once.
    const again = await t.http().get('/business/billing/coupon/LAUNCH20').set(h(b));
    expect(again.body.code).toBe('coupon_used_up');

    // The PDF: its text read back by another library.
    const pdf = await t
      .http()
      .get(`/business/billing/${invoice.id}/pdf`)
      .set(h(b))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    const text = await pdfText(pdf.body as Buffer);
    for (const s of [
      'INVOICE',
      invoice.number,
      'Tabour SAS',
      'FR40303265045',
      'Clinic Pro',
      'LiberPro package, yearly plan',
      'Coupon LAUNCH20',
      '-158.00 EUR',
      'Subtotal',
      '632.00 EUR',
      'VAT 19%',
      '120.08 EUR',
      'Total',
      '752.08 EUR',
    ]) {
      expect(text).toContain(s);
    }
    // INVOICE_PDF_OUT=/tmp/invoice.pdf keeps the file to look at (pdftoppm renders it).
    if (process.env.INVOICE_PDF_OUT) writeFileSync(process.env.INVOICE_PDF_OUT, pdf.body as Buffer);

    // Another business sees none of it.
    const other = await registerBusiness(t, 'Other');
    expect((await t.http().get(`/business/billing/${invoice.id}`).set(h(other))).status).toBe(404);
    expect((await t.http().get(`/business/billing/${invoice.id}/pdf`).set(h(other))).status).toBe(404);
    expect((await t.http().delete(`/business/billing/${card.id}/delete`).set(h(other))).status).toBe(404);
    expect((await t.http().get('/business/billing').set(h(other))).body.total).toBe(0);
  });

  it('answers a declined card with its reason, charges nothing and gives the coupon back', async () => {
    const b = await registerBusiness(t, 'Declined');
    expect((await buy(b, { package: 'LIBERUP', plan: 'monthly' })).body.code).toBe('payment_method_required');
    // No hosted card page here: the test cards are chosen in the screen's own form.
    const page = await t.http().post('/business/billing/card/session').set(h(b)).send({});
    expect(page.status).toBe(409);
    expect(page.body.code).toBe('card_test_form');
    await addCard(b, NO_FUNDS);
    const res = await buy(b, { package: 'LIBERUP', plan: 'monthly', coupon: 'LAUNCH20' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'payment_declined', message: 'Membership payment failed', errors: { payment: ['insufficient_funds'] } });
    expect((await t.http().get('/business/membership').set(h(b))).body.package).toBe('TRIAL');
    expect((await t.http().get('/business/billing/coupon/LAUNCH20').set(h(b))).status).toBe(200);
    expect((await t.http().put('/business/billing/create').set(h(b)).send({ card_number: '1234123412341234', exp_month: 1, exp_year: 2030 })).body.code).toBe(
      'payment_method_failed',
    );
    expect(await types(b.businessId)).toEqual(['PaymentMethodAdded']);
  });

  it('prorates an upgrade mid-period on its invoice, and schedules a cheaper plan and a cancellation for the period end', async () => {
    const b = await registerBusiness(t, 'Upgrader');
    await addCard(b, VISA);
    const first = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    expect(first.body.invoice.total).toBe(3451); // 29.00 + 19 % VAT
    const periodEnds = new Date(first.body.membership.period_ends_at).getTime();
    await travel(10 * DAY, b);
    const up = await buy(b, { package: 'LIBERPRO', plan: 'monthly' });
    expect(up.status).toBe(200);
    const credit = Math.floor((2900 * (periodEnds - now)) / (periodEnds - (now - 10 * DAY)));
    expect(up.body.invoice.lines).toHaveLength(2);
    expect(up.body.invoice.lines[1]).toMatchObject({ package: 'LIBERUP', amount: -credit });
    expect(up.body.invoice.lines[1].description).toMatch(/Unused time of the LIBERUP package .* prorated/);
    expect(up.body.invoice.subtotal).toBe(7900 - credit);
    expect(up.body.membership).toMatchObject({ package: 'LIBERPRO', plan: 'monthly', status: 'active' });

    const down = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    expect(down.body).toMatchObject({ status: 'scheduled', invoice: null, membership: { package: 'LIBERPRO', scheduled_change: { package: 'LIBERUP' } } });
    const cancel = await buy(b, { package: 'LIBERPRO', action: 'cancel' });
    expect(cancel.body.membership).toMatchObject({ status: 'cancelling', cancel_at_period_end: true, scheduled_change: null });
    const resume = await buy(b, { package: 'LIBERPRO', action: 'resume' });
    expect(resume.body.membership).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(await types(b.businessId)).toEqual([
      'PaymentMethodAdded',
      'MembershipPurchased',
      'InvoiceIssued',
      'MembershipPlanChanged',
      'InvoiceIssued',
      'MembershipChangeScheduled',
      'MembershipCancellationScheduled',
      'MembershipCancellationWithdrawn',
    ]);
    const periods = await t.http().get('/business/membership/periods').set(h(b));
    expect(periods.body.data.map((p: { kind: string }) => p.kind)).toEqual(['change', 'purchase']);
    expect((await t.http().get(`/business/membership/${periods.body.data[0].id}`).set(h(b))).body.invoice_id).toBe(up.body.invoice.id);
    // Choosing FREE is a cancellation at the period's end.
    const free = await buy(b, { package: 'FREE', plan: null });
    expect(free.body).toMatchObject({ status: 'scheduled', membership: { package: 'LIBERPRO', status: 'cancelling' } });
    expect((await buy(b, { package: 'LIBERPRO', plan: 'weekly' })).status).toBe(422);
  });

  it('ends the trial once across two sweeps running together: the business moves to FREE, the event in its log', async () => {
    const b = await registerBusiness(t, 'Trial ends');
    const paid = await registerBusiness(t, 'Trial paid');
    await addCard(paid, VISA);
    await buy(paid, { package: 'LIBERUP', plan: 'yearly' });
    const sweep = t.app.get(MembershipSweep);
    const at = new Date(now + 15 * DAY);
    const [a, c] = await Promise.all([sweep.run(at), sweep.run(at)]);
    const outcomes = { ...a, ...c };
    expect(outcomes[b.businessId]).toBe('trial_ended');
    expect(outcomes[paid.businessId]).toBeUndefined();
    expect([a[b.businessId], c[b.businessId]].filter(Boolean)).toHaveLength(1);
    expect(await types(b.businessId)).toEqual(['MembershipTrialEnded']);
    await travel(15 * DAY, b, paid);
    expect((await t.http().get('/business/membership').set(h(b))).body).toMatchObject({ package: 'FREE', status: 'free' });
    expect((await t.http().get('/business/membership').set(h(paid))).body).toMatchObject({ package: 'LIBERUP', status: 'active' });
    const log = await t.http().get('/business/activity?pagination=off').set(h(b));
    expect(log.body.data.map((e: { type: string }) => e.type)).toContain('MembershipTrialEnded');
  });

  it('renews at the period end, then after a declined renewal keeps the package through grace with notices, then moves to FREE deleting nothing', async () => {
    const b = await registerBusiness(t, 'Renewals');
    const visa = await addCard(b, VISA);
    const bought = await buy(b, { package: 'LIBERUP', plan: 'monthly', coupon: 'LAUNCH20' });
    const queue = await t.http().put('/business/queue/create').set(h(b)).send({ name: 'Front desk' });
    expect(queue.status).toBe(201);
    const sweep = t.app.get(MembershipSweep);
    const end1 = new Date(bought.body.membership.period_ends_at);

    expect((await sweep.run(new Date(end1.getTime() - 1000)))[b.businessId]).toBeUndefined();
    now = end1.getTime() + 60_000;
    expect((await sweep.run())[b.businessId]).toBe('renewed');
    const renewed = await t.database.db.selectFrom('invoices').selectAll().where('tenant_id', '=', b.businessId).orderBy('issued_at').execute();
    expect(renewed).toHaveLength(2);
    // The coupon was once: the renewal pays the full price.
    expect(renewed[1]).toMatchObject({ subtotal: 2900, total: 3451, coupon: null });
    const end2 = new Date(
      (await t.database.db.selectFrom('memberships').select('period_ends_at').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow()).period_ends_at!,
    );
    expect(end2.getTime()).toBeGreaterThan(end1.getTime() + 27 * DAY);

    // The card is replaced by one that is declined.
    await travel(0, b);
    const declined = await addCard(b, DECLINED);
    expect((await t.http().put(`/business/billing/${declined.id}/update`).set(h(b)).send({ is_default: true })).body.is_default).toBe(true);
    expect((await t.http().delete(`/business/billing/${visa.id}/delete`).set(h(b))).status).toBe(200);
    now = end2.getTime() + 60_000;
    expect((await sweep.run())[b.businessId]).toBe('renewal_failed');
    await travel(0, b);
    const grace = (await t.http().get('/business/membership').set(h(b))).body;
    expect(grace).toMatchObject({ package: 'LIBERUP', status: 'grace' });
    expect(new Date(grace.grace_ends_at).getTime()).toBe(end2.getTime() + 7 * DAY);
    const mailbox = mailboxDir(t.app.get<AppConfig>(APP_CONFIG).dataDir);
    const [notice] = await readMailbox(mailbox, { to: b.email, limit: 1 });
    expect(notice.subject).toBe('Your Tabour package could not be renewed');
    expect(notice.text).toContain('card_declined');

    // Retried the next day, still declined: one more notice, the same grace end.
    now += DAY;
    expect((await sweep.run())[b.businessId]).toBe('renewal_failed');
    now = end2.getTime() + 7 * DAY + 60_000;
    expect((await sweep.run())[b.businessId]).toBe('lapsed_unpaid');
    await travel(0, b);
    expect((await t.http().get('/business/membership').set(h(b))).body).toMatchObject({ package: 'FREE', status: 'free' });
    expect((await t.http().get(`/business/queue/${queue.body.id}`).set(h(b))).status).toBe(200);
    expect((await t.http().post('/business/kiosk/create').set(h(b)).send({})).body.code).toBe('plan_required');
    const [ended] = await readMailbox(mailbox, { to: b.email, limit: 1 });
    expect(ended.text).toContain('nothing was deleted');
    const evs = await types(b.businessId);
    expect(evs.filter((e: string) => e === 'MembershipRenewalFailed')).toHaveLength(2);
    expect(evs.slice(-1)).toEqual(['MembershipLapsed']);
    // Upgrading again unlocks at once.
    const visa2 = await addCard(b, VISA);
    await t.http().put(`/business/billing/${visa2.id}/update`).set(h(b)).send({ is_default: true });
    expect((await buy(b, { package: 'LIBERUP', plan: 'monthly' })).body.membership).toMatchObject({ package: 'LIBERUP', status: 'active' });
    expect((await t.http().post('/business/kiosk/create').set(h(b)).send({})).body.code).not.toMatch(/^plan_/);
  });

  it('checks the VAT number by country, and takes the reverse charge for a valid one of another EU state', async () => {
    const b = await registerBusiness(t, 'GmbH');
    const bad = await t.http().post('/business/billing/details/update').set(h(b)).send({ name: 'Muster GmbH', country: 'DE', vat_number: 'DE123' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'vat_number_invalid', errors: { vat_number: ['This VAT number is not valid for the country'] } });
    const ok = await t
      .http()
      .post('/business/billing/details/update')
      .set(h(b))
      .send({ name: 'Muster GmbH', address: 'Hauptstr. 1, Berlin', country: 'de', vat_number: 'DE 136 695 976' });
    expect(ok.body).toMatchObject({ name: 'Muster GmbH', country: 'DE', vat_number: 'DE136695976', vat_rate: 0, reverse_charge: true });
    const offers = await t.http().get('/business/package').set(h(b));
    expect(offers.body.data[2]).toMatchObject({ vat_rate: 0, reverse_charge: true, prices: { monthly: { net: 2900, vat: 0, gross: 2900 } } });
    const plain = await t.http().post('/business/billing/details/update').set(h(b)).send({ name: 'Muster GmbH', country: 'DE', vat_number: null });
    expect(plain.body).toMatchObject({ vat_rate: 19, reverse_charge: false });
    const us = await t.http().post('/business/billing/details/update').set(h(b)).send({ name: 'Muster Inc', country: 'US' });
    expect(us.body).toMatchObject({ vat_rate: 0 });
    expect((await t.http().get(`/business/membership/${randomUUID()}`).set(h(b))).status).toBe(404);
  });
});
