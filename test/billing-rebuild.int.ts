import { sql } from 'kysely';
import { BILLING_PROJECTIONS, invoicesProjection, membershipsProjection } from '@tabour/billing';
import { rebuildProjection } from '@tabour/eventstore';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { createTestApp, TestApp } from './support/app';
import { auth, registerBusiness } from './support/fixtures';

/** The membership read models rebuilt from the log alone equal the live ones; the invoice register is never rebuilt. */
describe('billing read models rebuilt from the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hold the same memberships, periods, cards and billing details, and keep the invoices as numbered', async () => {
    const a = await registerBusiness(t, 'Rebuild A');
    const b = await registerBusiness(t, 'Rebuild B');
    await registerBusiness(t, 'Rebuild trial');
    const h = auth(a.token);
    const card = await t.http().put('/business/billing/create').set(h).send({ card_number: '4242424242424242', exp_month: 12, exp_year: 2034 });
    await t.http().put('/business/billing/create').set(h).send({ card_number: '5555555555554444', exp_month: 1, exp_year: 2035, make_default: true });
    await t.http().put(`/business/billing/${card.body.id}/update`).set(h).send({ is_default: true }).expect(200);
    await t.http().post('/business/billing/details/update').set(h).send({ name: 'A SARL', country: 'FR', vat_number: 'FR40303265045' }).expect(200);
    await t.http().post('/business/membership/update').set(h).send({ package: 'LIBERUP', plan: 'monthly' }).expect(200);
    await t.http().post('/business/membership/update').set(h).send({ package: 'LIBERPRO', plan: 'yearly' }).expect(200);
    await t.http().post('/business/membership/update').set(h).send({ package: 'LIBERPRO', action: 'cancel' }).expect(200);
    await t.app.get(RegistrationService).setPackage(b.email, 'LIBERUP', 'yearly');

    const snapshot = async () => ({
      memberships: (await sql`SELECT * FROM memberships ORDER BY tenant_id`.execute(t.database.db)).rows,
      periods: (await sql`SELECT * FROM membership_periods ORDER BY id`.execute(t.database.db)).rows,
      cards: (await sql`SELECT * FROM payment_methods ORDER BY id`.execute(t.database.db)).rows,
      details: (await sql`SELECT * FROM billing_details ORDER BY tenant_id`.execute(t.database.db)).rows,
      invoices: (await sql`SELECT id, number FROM invoices ORDER BY id`.execute(t.database.db)).rows,
    });
    const live = await snapshot();
    expect(live.memberships).toHaveLength(3);
    expect(live.periods).toHaveLength(2);
    expect(live.cards).toHaveLength(2);
    expect(live.invoices).toHaveLength(2);
    expect(BILLING_PROJECTIONS).toEqual([membershipsProjection, invoicesProjection]);
    await rebuildProjection(t.database.db, { kind: 'inline', projection: membershipsProjection });
    expect(await snapshot()).toEqual(live);
    await expect(rebuildProjection(t.database.db, { kind: 'inline', projection: invoicesProjection })).rejects.toThrow(/declares no tables/);
  });
});
