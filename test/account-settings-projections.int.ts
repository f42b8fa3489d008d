import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { accountSettingsProjection } from '@tabour/accounts';
import type { Database } from '@tabour/platform';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const OTHER = randomUUID();
// The spec records its first event at 09:00:00 and each next one a second later.
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, second));

describe('the account settings projection', () => {
  const spec = projectionSpecification(accountSettingsProjection, () => t.db, { tenantId: B, streamOf: (e) => `accountsettings-${e.data.business_id}` });
  const settings = (db: Transaction<Database>) =>
    db.selectFrom('business_account_settings').selectAll().where('tenant_id', 'in', [B, OTHER]).orderBy('updated_at').execute();

  it('opens the row with the defaults beside the first change, stamped with it', () =>
    spec
      .given()
      .when([{ type: 'AccountSettingsUpdated', data: { business_id: B, changes: { notice_language: 'fr' } } }])
      .then(settings, [{ tenant_id: B, contact_email: null, notice_language: 'fr', updated_at: at(0) }]));

  it('merges the next change over the row, a cleared address included', () =>
    spec
      .given([{ type: 'AccountSettingsUpdated', data: { business_id: B, changes: { contact_email: 'facturation@clinique.test', notice_language: 'ar' } } }])
      .when([
        { type: 'AccountSettingsUpdated', data: { business_id: B, changes: { contact_email: 'accueil@clinique.test' } } },
        { type: 'AccountSettingsUpdated', data: { business_id: B, changes: { contact_email: null } } },
      ])
      .then(settings, [{ tenant_id: B, contact_email: null, notice_language: 'ar', updated_at: at(2) }]));

  it("keeps each business's settings to its own row", () =>
    spec
      .given([{ type: 'AccountSettingsUpdated', data: { business_id: B, changes: { notice_language: 'fr' } } }])
      .when([{ type: 'AccountSettingsUpdated', data: { business_id: OTHER, changes: { contact_email: 'owner@other.test' } } }])
      .then(settings, [
        { tenant_id: B, contact_email: null, notice_language: 'fr', updated_at: at(0) },
        { tenant_id: OTHER, contact_email: 'owner@other.test', notice_language: 'en', updated_at: at(1) },
      ]));
});
