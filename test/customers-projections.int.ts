import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import { customersProjection, privacyProjection, type CustomerEvent, type PersonalFields, type PrivacyEvent } from '@tabour/customers';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const C = randomUUID();
const A = randomUUID();
const ids = { customer_id: C, business_id: B };
const leila: PersonalFields = {
  first_name: 'Leila',
  last_name: 'Trabelsi',
  email: 'leila@example.tn',
  phone: '+21620123456',
  second_phone: null,
  address: '12 rue de Marseille, Tunis',
  date_of_birth: '1988-04-12',
  place_of_birth: 'Sfax',
  nationality: 'TN',
  internal_id: '00042',
  platform_id: null,
  notes: null,
  additional_data: { insurance: 'CNAM' },
};
const settings = { category: 'BASIC', book_more_than_once: false, preferred_language: 'fr', platform_verification: null } as const;
// The store seals `personal`; the projection reads plain events as they are, as the decider's are.
const registeredEvent: CustomerEvent = { type: 'CustomerRegistered', data: { ...ids, via: 'staff', ...settings, personal: leila } };
const attachedEvent: CustomerEvent = {
  type: 'CustomerAttachmentAdded',
  data: {
    ...ids,
    attachment_id: A,
    storage_key: `customers/${C}/${A}`,
    content_type: 'application/pdf',
    size: 48213,
    personal: { file_name: 'prescription.pdf' },
  },
};

/** An event as the store hands it over: its data a plain JSON object. */
const stored = (e: CustomerEvent) => ({ type: e.type, data: { ...e.data } });
const registered = stored(registeredEvent);
const attached = stored(attachedEvent);

describe('the customers projection', () => {
  const spec = projectionSpecification(customersProjection, () => t.db, { tenantId: B, streamOf: () => `customer-${C}` });
  const customers = (db: Transaction<Database>) =>
    db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'phone', 'category', 'internal_id_num', 'phone_digits', 'search'])
      .where('tenant_id', '=', B)
      .execute();
  const attachments = (db: Transaction<Database>) =>
    db.selectFrom('customer_attachments').select(['id', 'file_name', 'size']).where('tenant_id', '=', B).execute();

  it('keeps a registered customer, with the numeric internal id and the search text', () =>
    spec
      .given()
      .when([registered])
      .then(customers, [
        {
          id: C,
          first_name: 'Leila',
          last_name: 'Trabelsi',
          phone: '+21620123456',
          category: 'BASIC',
          internal_id_num: 42,
          phone_digits: '21620123456',
          search: 'leila trabelsi leila@example.tn 00042',
        },
      ]));

  it('reworks the search text and the phone digits when the name or the phone change', () =>
    spec
      .given([registered])
      .when([stored({ type: 'CustomerUpdated', data: { ...ids, changes: {}, personal: { last_name: 'Ben Salah', phone: '+21698765432' } } })])
      .then(customers, (rows) => {
        expect(rows).toEqual([expect.objectContaining({ first_name: 'Leila', last_name: 'Ben Salah', phone: '+21698765432' })]);
        expect(rows[0].search).toContain('ben salah');
        expect(rows[0].search).not.toContain('trabelsi');
        expect(rows[0].phone_digits).toContain('98765432');
      }));

  it('follows a change of category', () =>
    spec
      .given([registered])
      .when([stored({ type: 'CustomerCategoryChanged', data: { ...ids, category: 'VIP', previous: 'BASIC' } })])
      .then(customers, [expect.objectContaining({ category: 'VIP' })]));

  it('keeps an attachment until it is removed', () =>
    spec
      .given([registered, attached])
      .when([stored({ type: 'CustomerAttachmentRemoved', data: { ...ids, attachment_id: A, storage_key: `customers/${C}/${A}` } })])
      .then(attachments, []));

  it('writes nothing personal back for a customer whose key is gone', () =>
    spec
      .given()
      .when([
        stored({ ...registeredEvent, data: { ...registeredEvent.data, personal: null } }),
        stored({ ...attachedEvent, data: { ...attachedEvent.data, personal: null } }),
      ])
      .then(async (db) => [...(await customers(db)), ...(await attachments(db))], []));

  it('erases the customer, its attachments and its visits', () =>
    spec
      .given([registered, attached])
      .when([stored({ type: 'CustomerErased', data: { ...ids, reason: 'request', storage_keys: [`customers/${C}/${A}`] } })])
      .then(async (db) => [...(await customers(db)), ...(await attachments(db))], []));
});

describe('the privacy settings projection', () => {
  const spec = projectionSpecification(privacyProjection, () => t.db, { tenantId: B, streamOf: () => `privacy-${B}` });
  const changed = (changes: Partial<{ delete_history_daily: boolean; hide_customer_names: boolean }>): PrivacyEvent => ({
    type: 'PrivacySettingsUpdated',
    data: { business_id: B, changes },
  });
  const state = async (db: Transaction<Database>) => ({
    settings: await db.selectFrom('business_privacy').select('settings').where('tenant_id', '=', B).execute(),
    jobs: await db.selectFrom('scheduled_jobs').select(['name', 'next_run_at']).where('tenant_id', '=', B).execute(),
  });

  it('merges each change into the defaults, and schedules the daily deletion a day after it is turned on', () =>
    spec
      .given([changed({ hide_customer_names: false })])
      .when([changed({ delete_history_daily: true })])
      .then(state, {
        settings: [{ settings: { delete_history_daily: true, hide_customer_names: false } }],
        // The second event is recorded a second after the first (the spec's clock).
        jobs: [{ name: 'delete_history', next_run_at: new Date(Date.parse('2026-01-05T09:00:01Z') + 24 * 3600 * 1000) }],
      }));

  it('drops the daily deletion when it is turned off', () =>
    spec
      .given([changed({ delete_history_daily: true })])
      .when([changed({ delete_history_daily: false })])
      .then(state, { settings: [{ settings: { delete_history_daily: false, hide_customer_names: true } }], jobs: [] }));

  it('drops the scheduled jobs of a deleted account', () =>
    spec
      .given([changed({ delete_history_daily: true })])
      .when([{ type: 'BusinessAccountDeleted', data: { business_id: B, customers_erased: 12 } }])
      .then(async (db) => (await state(db)).jobs, []));
});
