import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import { resourceProjection, type ResourceEvent } from '@tabour/resources';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const R = randomUUID();
const D = randomUUID();
const ids = { resource_id: R, business_id: B };
const created: ResourceEvent = { type: 'ResourceCreated', data: { ...ids, name: 'Room 1', kind: 'room', capacity: 1, department_ids: [D], active: true } };

describe('the resources projection', () => {
  const spec = projectionSpecification(resourceProjection, () => t.db, { tenantId: B });
  const rows = (db: Transaction<Database>) =>
    db.selectFrom('resources').select(['id', 'name', 'kind', 'capacity', 'department_ids', 'active']).where('tenant_id', '=', B).execute();

  it('keeps a resource as created, with its departments', () =>
    spec
      .given()
      .when([created])
      .then(rows, [{ id: R, name: 'Room 1', kind: 'room', capacity: 1, department_ids: [D], active: true }]));

  it('follows its changes, the departments among them', () =>
    spec
      .given([created])
      .when([{ type: 'ResourceUpdated', data: { ...ids, changes: { capacity: 4, department_ids: [], active: false } } }])
      .then(rows, [{ id: R, name: 'Room 1', kind: 'room', capacity: 4, department_ids: [], active: false }]));

  it('forgets a deleted resource', () =>
    spec
      .given([created])
      .when([{ type: 'ResourceDeleted', data: ids }])
      .then(rows, []));

  it("leaves another business's row alone", () =>
    spec
      .given([created])
      .when([{ type: 'ResourceDeleted', data: { resource_id: R, business_id: randomUUID() } }])
      .then(rows, [expect.objectContaining({ id: R })]));
});
