import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import { categoryProjection, legalProjection, type CategoryEvent, type LegalEvent } from '@tabour/organisation';
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

describe('the categories projection', () => {
  const C = randomUUID();
  const spec = projectionSpecification(categoryProjection, () => t.db, { tenantId: B, streamOf: () => `category-${C}` });
  const created: CategoryEvent = { type: 'CategoryCreated', data: { category_id: C, business_id: B, name: 'VIP', color: '#c62828' } };
  const categories = (db: Transaction<Database>) =>
    db.selectFrom('business_categories').select(['id', 'tenant_id', 'name', 'color', 'created_at', 'updated_at']).where('id', '=', C).execute();

  it('keeps a category as created, stamped with the event', () =>
    spec
      .given()
      .when([created])
      .then(categories, [{ id: C, tenant_id: B, name: 'VIP', color: '#c62828', created_at: at(0), updated_at: at(0) }]));

  it('follows a change of colour alone, the name kept and the change stamped', () =>
    spec
      .given([created])
      .when([{ type: 'CategoryUpdated', data: { category_id: C, business_id: B, changes: { color: null } } }])
      .then(categories, [{ id: C, tenant_id: B, name: 'VIP', color: null, created_at: at(0), updated_at: at(1) }]));

  it('forgets a deleted category', () =>
    spec
      .given([created])
      .when([{ type: 'CategoryDeleted', data: { category_id: C, business_id: B } }])
      .then(categories, []));

  it("leaves the category alone when another business's events name its id", () =>
    spec
      .given([created])
      .when([
        { type: 'CategoryUpdated', data: { category_id: C, business_id: OTHER, changes: { name: 'Hijacked' } } },
        { type: 'CategoryDeleted', data: { category_id: C, business_id: OTHER } },
      ])
      .then(categories, [{ id: C, tenant_id: B, name: 'VIP', color: '#c62828', created_at: at(0), updated_at: at(0) }]));
});

describe('the legal texts projection', () => {
  const spec = projectionSpecification(legalProjection, () => t.db, { tenantId: B, streamOf: (e) => `legal-${e.data.business_id}-${e.data.kind}` });
  const added = (kind: 'terms' | 'policy', version: number, content: string, business_id = B): LegalEvent => ({
    type: 'LegalTextAdded',
    data: { business_id, kind, version, content },
  });
  const texts = (db: Transaction<Database>) =>
    db
      .selectFrom('business_legal_texts')
      .select(['tenant_id', 'kind', 'version', 'content', 'created_by', 'created_at'])
      .where('tenant_id', 'in', [B, OTHER])
      .orderBy('tenant_id')
      .orderBy('kind')
      .orderBy('version')
      .execute();

  it('keeps every version of each text, the terms and the policy apart', () =>
    spec
      .given([added('terms', 1, 'Conditions v1')])
      .when([added('terms', 2, 'Conditions v2'), added('policy', 1, 'Confidentialité v1')])
      .then(
        (db) => texts(db).then((rows) => rows.filter((r) => r.tenant_id === B)),
        [
          // A system actor has no name to record as the author.
          { tenant_id: B, kind: 'policy', version: 1, content: 'Confidentialité v1', created_by: null, created_at: at(2) },
          { tenant_id: B, kind: 'terms', version: 1, content: 'Conditions v1', created_by: null, created_at: at(0) },
          { tenant_id: B, kind: 'terms', version: 2, content: 'Conditions v2', created_by: null, created_at: at(1) },
        ],
      ));

  it('keeps the first text of a version when that version is recorded again', () =>
    spec
      .given([added('terms', 1, 'Conditions v1')])
      .when([added('terms', 1, 'Replayed')])
      .then(texts, [{ tenant_id: B, kind: 'terms', version: 1, content: 'Conditions v1', created_by: null, created_at: at(0) }]));

  it("keeps another business's version 1 beside this one's", () =>
    spec
      .given([added('terms', 1, 'Conditions v1')])
      .when([added('terms', 1, 'Other terms', OTHER)])
      .then(
        (db) => texts(db).then((rows) => rows.map((r) => [r.tenant_id, r.content])),
        [B, OTHER].sort().map((tenant) => [tenant, tenant === B ? 'Conditions v1' : 'Other terms']),
      ));
});
