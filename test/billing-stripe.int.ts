import Stripe from 'stripe';
import { sql } from 'kysely';
import { Clock } from '../apps/api/src/accounts/clock';
import { MembershipSweep } from '../apps/api/src/billing/membership-sweep';
import { createTestApp, TestApp } from './support/app';
import { auth, LoggedIn, login, registerBusiness, STRONG_PASSWORD } from './support/fixtures';
import { FakeStripe, startFakeStripe } from './support/fake-stripe';

const SECRET = 'whsec_test_secret';
const PUBLIC = 'https://tabour.example.test';

/**
 * Card payments through the `stripe` SDK against a local fake of Stripe's API: saved cards, cards
 * entered on Stripe's card page (Checkout in setup mode) and saved by the webhook, a purchase,
 * 3-D Secure completed by the webhook, refunds made in Stripe's dashboard, a declined
 * renewal; the webhook refuses a bad signature and applies each event once.
 */
describe('billing: Stripe', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const stripe = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      // The tests run the sweep themselves, at the moments they choose; the timer would run it at others.
      MEMBERSHIP_JOB: 'off',
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      PUBLIC_URL: PUBLIC,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const h = (b: LoggedIn) => auth(b.token);
  const addCard = (b: LoggedIn, pm: string) => t.http().put('/business/billing/create').set(h(b)).send({ payment_method: pm });
  const buy = (b: LoggedIn, body: object) => t.http().post('/payment/paymaster/business').set(h(b)).send(body);
  const event = (id: string, type: string, object: object) =>
    JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });
  const post = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })) =>
    t.http().post('/payment/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
  const count = async (table: string, tenant: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE tenant_id = ${tenant}`.execute(t.database.db)).rows[0].n);
  const events = async (tenant: string) => count('es_events', tenant);
  const types = async (tenant: string) =>
    (await sql<{ event_type: string }>`SELECT event_type FROM es_events WHERE tenant_id = ${tenant} ORDER BY position`.execute(t.database.db)).rows.map(
      (e) => e.event_type,
    );

  it('refuses a card number, saves a Stripe payment method by its id and pays a package', async () => {
    const b = await registerBusiness(t, 'Stripe Clinic');
    expect((await t.http().get('/business/billing/config').set(h(b))).body).toEqual({ provider: 'stripe', publishable_key: 'pk_test_local', test_cards: null });
    expect((await t.http().put('/business/billing/create').set(h(b)).send({ card_number: '4242424242424242', exp_month: 1, exp_year: 2030 })).body.code).toBe(
      'card_secure_page',
    );
    expect((await addCard(b, 'pm_card_unknown')).body).toMatchObject({ code: 'payment_method_failed', errors: { payment_method: ['card_declined'] } });
    const card = await addCard(b, 'pm_card_visa');
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, provider: 'stripe', is_default: true });
    const res = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'succeeded', membership: { package: 'LIBERUP' }, invoice: { total: 3451 } });
    const pi = fake.intents.at(-1)!;
    expect(pi).toMatchObject({ amount: 3451, currency: 'eur', status: 'succeeded', off_session: false, metadata: { package: 'LIBERUP', plan: 'monthly' } });
    expect(res.body.invoice.payment_reference).toBe(pi.id);

    // Stripe's own word on the same payment, twice: nothing more happens.
    const before = await events(b.businessId);
    const payload = event('evt_paid_1', 'payment_intent.succeeded', { id: pi.id, object: 'payment_intent', status: 'succeeded' });
    expect((await post(payload)).body).toEqual({ received: true, duplicate: false, applied: null });
    expect((await post(payload)).body).toEqual({ received: true, duplicate: true, applied: null });
    expect(await events(b.businessId)).toBe(before);
    expect(await count('invoices', b.businessId)).toBe(1);
  });

  it("adds a card on Stripe's card page, never taking a number: the signed webhook saves it once, and the purchase waits for it", async () => {
    const b = await registerBusiness(t, 'Checkout Clinic');
    const refused = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'card_setup_required', message: 'Add a card on the secure card page first' });
    const number = await t
      .http()
      .put('/business/billing/create')
      .set(h(b))
      .send({ card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' });
    expect(number.status).toBe(422);
    expect(number.body).toMatchObject({ code: 'card_secure_page', errors: { card_number: ['Add the card on the secure card page'] } });
    expect(JSON.stringify(number.body)).not.toContain('4242');
    // Refused before anything is asked of Stripe: not even a customer.
    expect(await count('billing_customers', b.businessId)).toBe(0);

    const page = await t.http().post('/business/billing/card/session').set(h(b)).send({});
    expect(page.status).toBe(201);
    const session = fake.sessions.at(-1)!;
    expect(page.body).toEqual({ url: session.url });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const customer = (
      await t.database.db.selectFrom('billing_customers').select('customer_ref').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow()
    ).customer_ref;
    expect(session).toMatchObject({
      mode: 'setup',
      customer,
      currency: 'eur',
      payment_method_types: ['card'],
      client_reference_id: b.businessId,
      metadata: { business_id: b.businessId },
      success_url: `${PUBLIC}/settings/billing?card=added`,
      cancel_url: `${PUBLIC}/settings/billing?card=cancelled`,
    });
    const fromPopup = await t.http().post('/business/billing/card/session').set(h(b)).send({ return_to: 'membership' });
    expect(fromPopup.status).toBe(201);
    expect(fake.sessions.at(-1)).toMatchObject({ customer, success_url: `${PUBLIC}/settings/membership?card=added` });
    // The way back is one of the product's pages, never an address the request names.
    const sessionsBefore = fake.sessions.length;
    expect((await t.http().post('/business/billing/card/session').set(h(b)).send({ return_to: 'https://elsewhere.example' })).status).toBe(422);
    expect(fake.sessions.length).toBe(sessionsBefore);

    // The card holder enters a card on Stripe's page; Stripe tells the webhook, twice, and once more under another event id.
    const completed = fake.completeSession(session.id, 'pm_card_visa');
    const payload = event('evt_card_page_1', 'checkout.session.completed', completed);
    expect((await post(payload)).body).toEqual({ received: true, duplicate: false, applied: 'card_saved' });
    expect((await post(payload)).body).toEqual({ received: true, duplicate: true, applied: null });
    expect((await post(event('evt_card_page_1b', 'checkout.session.completed', completed))).body).toMatchObject({ duplicate: false, applied: null });
    const cards = (await t.http().get('/business/billing/payment-methods').set(h(b))).body;
    expect(cards).toMatchObject({ total: 1, data: [{ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true, provider: 'stripe' }] });
    expect((await types(b.businessId)).filter((x) => x === 'PaymentMethodAdded')).toHaveLength(1);

    // A page left open, and a page of a customer that is not ours: nothing is saved.
    expect((await post(event('evt_card_page_open', 'checkout.session.completed', { ...fake.sessions.at(-1)!, setup_intent: null }))).body.applied).toBeNull();
    const stranger = { ...completed, customer: 'cus_someone_else' };
    expect((await post(event('evt_card_page_stranger', 'checkout.session.completed', stranger))).body.applied).toBeNull();

    const paid = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'succeeded', membership: { package: 'LIBERUP' }, invoice: { total: 3451 } });
    const pm = (await t.database.db.selectFrom('payment_methods').select('provider_ref').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow())
      .provider_ref;
    expect(pm).toMatch(/^pm_/);
    expect(fake.intents.at(-1)).toMatchObject({ customer, payment_method: pm, status: 'succeeded', amount: 3451 });

    // Detached in Stripe's dashboard: the card leaves the list, once, even as the only card of a renewing package.
    const detached = event('evt_card_detached', 'payment_method.detached', { id: pm, object: 'payment_method', type: 'card', customer: null });
    expect((await post(detached)).body).toMatchObject({ duplicate: false, applied: 'card_removed' });
    expect((await post(event('evt_card_detached_b', 'payment_method.detached', { id: pm, object: 'payment_method', customer: null }))).body.applied).toBeNull();
    expect((await t.http().get('/business/billing/payment-methods').set(h(b))).body.total).toBe(0);
  });

  it('gives the money back when two clicks buy the same package at once: one purchase, one charge kept', async () => {
    const b = await registerBusiness(t, 'Double click');
    await addCard(b, 'pm_card_visa');
    const refundsBefore = fake.refunds.length;
    const answers = await Promise.all([0, 1].map(() => buy(b, { package: 'LIBERUP', plan: 'yearly' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.status === 422)!.body.code).toBe('same_package');
    // Each charge but the one kept is refunded (a click refused before charging made none).
    const customer = (
      await t.database.db.selectFrom('billing_customers').select('customer_ref').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow()
    ).customer_ref;
    const charges = fake.intents.filter((i) => i.customer === customer && i.status === 'succeeded').length;
    expect(fake.refunds.length - refundsBefore).toBe(charges - 1);
    expect(await count('invoices', b.businessId)).toBe(1);
  });

  it('refuses an event whose signature does not match, or that has none, writing nothing', async () => {
    const payload = event('evt_forged', 'payment_intent.succeeded', { id: 'pi_forged', object: 'payment_intent' });
    const forged = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'webhook_signature', message: 'The webhook signature does not match' });
    const tampered = await post(payload.replace('pi_forged', 'pi_other'), stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(tampered.body.code).toBe('webhook_signature');
    const unsigned = await t.http().post('/payment/stripe/webhook').set('Content-Type', 'application/json').send(payload);
    expect(unsigned.status).toBe(400);
    const stored = await t.database.db.selectFrom('billing_provider_events').select('id').where('id', '=', 'evt_forged').execute();
    expect(stored).toEqual([]);
  });

  it('applies a purchase the card holder confirmed with 3-D Secure when Stripe says so, once', async () => {
    const b = await registerBusiness(t, 'Secure Clinic');
    await addCard(b, 'pm_card_authenticationRequired');
    const res = await buy(b, { package: 'LIBERPRO', plan: 'yearly' });
    expect(res.body).toMatchObject({ status: 'requires_action', invoice: null, membership: { package: 'TRIAL' } });
    const pi = fake.intents.at(-1)!;
    expect(res.body.client_secret).toBe(`${pi.id}_secret_x`);
    const payload = event('evt_3ds_ok', 'payment_intent.succeeded', { id: pi.id, object: 'payment_intent', status: 'succeeded' });
    expect((await post(payload)).body).toMatchObject({ duplicate: false, applied: 'purchase' });
    // The same event delivered again, and another event for the same payment: one purchase, one invoice.
    expect((await post(payload)).body).toMatchObject({ duplicate: true });
    const again = event('evt_3ds_ok_again', 'payment_intent.succeeded', { id: pi.id, object: 'payment_intent', status: 'succeeded' });
    expect((await post(again)).body).toMatchObject({ duplicate: false, applied: null });
    expect(await count('invoices', b.businessId)).toBe(1);
    expect((await t.http().get('/business/membership').set(h(b))).body).toMatchObject({ package: 'LIBERPRO', plan: 'yearly', status: 'active' });
  });

  it('issues a credit note for a refund made in Stripe, once per refunded amount', async () => {
    const b = await registerBusiness(t, 'Refunded Clinic');
    await addCard(b, 'pm_card_visa');
    const paid = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    const pi = paid.body.invoice.payment_reference;
    const charge = (amount_refunded: number) => ({ id: 'ch_refunded', object: 'charge', payment_intent: pi, amount_refunded });
    expect((await post(event('evt_refund_1', 'charge.refunded', charge(1000)))).body).toMatchObject({ applied: 'credit_note' });
    expect((await post(event('evt_refund_1b', 'charge.refunded', charge(1000)))).body).toMatchObject({ applied: null });
    const invoice = (await t.http().get(`/business/billing/${paid.body.invoice.id}`).set(h(b))).body;
    expect(invoice).toMatchObject({ status: 'partially_refunded', credit_notes: [{ total: -1000 }] });
    expect(invoice.credit_notes[0].number).toMatch(/^CN-\d{4}-\d{6}$/);
    const note = (await t.http().get(`/business/billing/${invoice.credit_notes[0].id}`).set(h(b))).body;
    expect(note).toMatchObject({ kind: 'credit_note', credits_invoice_id: invoice.id, total: -1000, vat: -160, subtotal: -840 });
    await post(event('evt_refund_2', 'charge.refunded', charge(3451)));
    expect((await t.http().get(`/business/billing/${invoice.id}`).set(h(b))).body.status).toBe('refunded');
  });

  it('charges a renewal off session, and a card declined at renewal starts the grace period', async () => {
    const clock = t.app.get(Clock);
    let now = Date.now();
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
    const b = await registerBusiness(t, 'Renewing Clinic');
    const card = await addCard(b, 'pm_card_visa');
    const paid = await buy(b, { package: 'LIBERUP', plan: 'monthly' });
    const ends = new Date(paid.body.membership.period_ends_at).getTime();
    const sweep = t.app.get(MembershipSweep);
    now = ends + 1000;
    expect((await sweep.run())[b.businessId]).toBe('renewed');
    expect(fake.intents.at(-1)).toMatchObject({ off_session: true, amount: 3451, status: 'succeeded' });
    const ref = (await t.database.db.selectFrom('payment_methods').select('provider_ref').where('id', '=', card.body.id).executeTakeFirstOrThrow())
      .provider_ref;
    fake.decline.set(ref, 'card_declined');
    const row = await t.database.db.selectFrom('memberships').select('period_ends_at').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow();
    now = row.period_ends_at!.getTime() + 1000;
    expect((await sweep.run())[b.businessId]).toBe('renewal_failed');
    Object.assign(b, await login(t, b.email, STRONG_PASSWORD));
    expect((await t.http().get('/business/membership').set(h(b))).body).toMatchObject({ package: 'LIBERUP', status: 'grace' });
    // The owner pays during grace with another card: a new period starts at once.
    const other = await addCard(b, 'pm_card_mastercard');
    const repaid = await buy(b, { package: 'LIBERUP', plan: 'monthly', payment_method_id: other.body.id });
    expect(repaid.body).toMatchObject({ status: 'succeeded', membership: { package: 'LIBERUP', status: 'active', grace_ends_at: null } });
    expect(new Date(repaid.body.membership.period_starts_at).getTime()).toBe(now);
    jest.restoreAllMocks();
  });
});
