import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AccountEvent } from '@tabour/accounts';
import type { Database } from '@tabour/platform';
import { invoicesProjection, membershipsProjection, type CardData, type InvoiceDraft, type MembershipEvent } from '@tabour/billing';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const U = randomUUID();
const registered: AccountEvent = {
  type: 'BusinessRegistered',
  data: {
    business_id: B,
    name: 'Cabinet Dentaire Carthage',
    email: 'contact@carthage-dentaire.tn',
    phone: '+21671123456',
    country: 'TN',
    owner: { user_id: U, first_name: 'Sami', last_name: 'Gharbi', email: 'sami@carthage-dentaire.tn' },
    registered_at: '2026-01-05T09:00:00.000Z',
    owner_credential_id: null,
  },
};
const trial: AccountEvent = {
  type: 'MembershipTrialStarted',
  data: { business_id: B, starts_at: '2026-01-05T09:00:00.000Z', ends_at: '2026-01-19T09:00:00.000Z', sms_allowance: 200 },
};
const INV = randomUUID();
const purchased: MembershipEvent = {
  type: 'MembershipPurchased',
  data: {
    business_id: B,
    package: 'LIBERUP',
    plan: 'monthly',
    starts_at: '2026-01-19T09:00:00.000Z',
    ends_at: '2026-02-19T09:00:00.000Z',
    invoice_id: INV,
    payment_ref: 'pi_3QxYz',
    net: 2900,
    coupon: null,
  },
};
const card = (last4: string): CardData => ({
  id: randomUUID(),
  provider: 'stripe',
  provider_ref: `pm_${last4}`,
  brand: 'visa',
  last4,
  exp_month: 8,
  exp_year: 2029,
});

describe('the memberships projection', () => {
  const spec = projectionSpecification(membershipsProjection, () => t.db, { tenantId: B });
  const membership = (db: Transaction<Database>) =>
    db
      .selectFrom('memberships')
      .select(['package', 'plan', 'trial_ends_at', 'period_ends_at', 'grace_ends_at', 'renewal_attempts', 'cancel_at_period_end', 'due_at'])
      .where('tenant_id', '=', B)
      .execute();

  it('opens the membership at registration, due at the end of its trial', () =>
    spec
      .given()
      .when([registered, trial])
      .then(membership, [
        expect.objectContaining({ package: null, plan: null, trial_ends_at: new Date(trial.data.ends_at), due_at: new Date(trial.data.ends_at) }),
      ]));

  it('takes a purchased period, due at its end, and keeps it among the paid periods', () =>
    spec
      .given([registered, trial])
      .when([purchased])
      .then(
        async (db) => ({
          membership: await membership(db),
          periods: await db.selectFrom('membership_periods').select(['id', 'kind', 'package', 'net']).where('tenant_id', '=', B).execute(),
        }),
        {
          membership: [
            {
              package: 'LIBERUP',
              plan: 'monthly',
              trial_ends_at: new Date(trial.data.ends_at),
              period_ends_at: new Date(purchased.data.ends_at),
              grace_ends_at: null,
              renewal_attempts: 0,
              cancel_at_period_end: false,
              due_at: new Date(purchased.data.ends_at),
            },
          ],
          periods: [{ id: INV, kind: 'purchase', package: 'LIBERUP', net: 2900 }],
        },
      ));

  it('follows a failed renewal into its grace, then the lapse back to FREE', () => {
    const failed: MembershipEvent = {
      type: 'MembershipRenewalFailed',
      data: {
        business_id: B,
        at: '2026-02-19T09:00:00.000Z',
        attempt: 1,
        reason: 'card_declined',
        grace_ends_at: '2026-02-26T09:00:00.000Z',
        next_attempt_at: '2026-02-20T09:00:00.000Z',
      },
    };
    return spec
      .given([registered, trial, purchased])
      .when([failed, { type: 'MembershipLapsed', data: { business_id: B, at: '2026-02-26T09:00:00.000Z', reason: 'unpaid', previous: 'LIBERUP' } }])
      .then(membership, [
        expect.objectContaining({ package: 'FREE', plan: null, period_ends_at: null, grace_ends_at: null, renewal_attempts: 0, due_at: null }),
      ]);
  });

  it('keeps one default card: a new default takes over, a removed one hands over', () => {
    const [first, second] = [card('4242'), card('1881')];
    return spec
      .given([
        { type: 'PaymentMethodAdded', data: { business_id: B, card: first, is_default: true, at: '2026-01-19T09:00:00.000Z' } },
        { type: 'PaymentMethodAdded', data: { business_id: B, card: second, is_default: true, at: '2026-01-20T09:00:00.000Z' } },
      ])
      .when([{ type: 'PaymentMethodRemoved', data: { business_id: B, payment_method_id: second.id, new_default_id: first.id } }])
      .then(
        (db) => db.selectFrom('payment_methods').select(['id', 'last4', 'is_default']).where('tenant_id', '=', B).execute(),
        [{ id: first.id, last4: '4242', is_default: true }],
      );
  });
});

describe('the invoice register', () => {
  const spec = projectionSpecification(invoicesProjection, () => t.db, { tenantId: B });
  const party = { name: 'Cabinet Dentaire Carthage', address: 'Avenue Habib Bourguiba, Tunis', country: 'TN', vat_number: null, email: null };
  const draft = (id: string, total: number, kind: 'invoice' | 'credit_note' = 'invoice', credits: string | null = null): InvoiceDraft => ({
    id,
    kind,
    issued_at: '2026-01-19T09:00:00.000Z',
    currency: 'EUR',
    seller: { name: 'Tabour SAS', address: '10 rue de la Paix, Paris', country: 'FR', vat_number: 'FR12345678901', email: 'billing@tabour.test' },
    buyer: party,
    lines: [],
    coupon: null,
    subtotal: total,
    vat_rate: 0,
    vat: 0,
    total,
    reverse_charge: false,
    payment_reference: null,
    credits_invoice_id: credits,
  });
  const issued = (invoice: InvoiceDraft): MembershipEvent => ({ type: 'InvoiceIssued', data: { business_id: B, invoice } });
  const invoices = (db: Transaction<Database>) =>
    db.selectFrom('invoices').select(['id', 'kind', 'seq', 'number', 'refunded', 'status']).where('tenant_id', '=', B).orderBy('kind').orderBy('seq').execute();
  const [I1, I2, CN] = [randomUUID(), randomUUID(), randomUUID()];

  it('numbers invoices in a row within their year, and skips one already registered', () =>
    spec
      .given([issued(draft(I1, 2900))])
      .when([issued(draft(I2, 2900)), issued(draft(I1, 2900))])
      .then(invoices, [
        expect.objectContaining({ id: I1, kind: 'invoice', seq: 1, number: 'INV-2026-000001' }),
        expect.objectContaining({ id: I2, kind: 'invoice', seq: 2, number: 'INV-2026-000002' }),
      ]));

  it('numbers credit notes in their own series, and marks the invoice they refund', () =>
    spec
      .given([issued(draft(I1, 2900))])
      .when([issued(draft(CN, -1000, 'credit_note', I1))])
      .then(invoices, [
        { id: CN, kind: 'credit_note', seq: 1, number: 'CN-2026-000001', refunded: 0, status: 'paid' },
        { id: I1, kind: 'invoice', seq: 1, number: 'INV-2026-000001', refunded: 1000, status: 'partially_refunded' },
      ]));
});
