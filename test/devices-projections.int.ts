import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { DEFAULT_DISPLAY, DEFAULT_KIOSK, displayProjection, kioskProjection, type DisplayEvent, type KioskEvent } from '@tabour/devices';
import type { Database } from '@tabour/platform';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const Q = randomUUID();

describe('the kiosks projection', () => {
  const K = randomUUID();
  const ids = { kiosk_id: K, business_id: B };
  const spec = projectionSpecification(kioskProjection, () => t.db, { tenantId: B, streamOf: () => `kiosk-${K}` });
  const created: KioskEvent = { type: 'KioskCreated', data: { ...ids, key: 'kq7Tz2mP', settings: { ...DEFAULT_KIOSK, name: 'Entrance', queue_ids: [Q] } } };
  const kiosks = (db: Transaction<Database>) =>
    db.selectFrom('kiosks').select(['id', 'key', 'name', 'status', 'settings']).where('tenant_id', '=', B).execute();

  it('keeps a kiosk as created, its settings whole', () =>
    spec
      .given()
      .when([created])
      .then(kiosks, [{ id: K, key: 'kq7Tz2mP', name: 'Entrance', status: 'active', settings: { ...DEFAULT_KIOSK, name: 'Entrance', queue_ids: [Q] } }]));

  it('merges a change into the settings, the name and status columns with it', () =>
    spec
      .given([created])
      .when([{ type: 'KioskUpdated', data: { ...ids, changes: { name: 'Lobby', status: 'inactive' } } }])
      .then(kiosks, [expect.objectContaining({ name: 'Lobby', status: 'inactive', settings: expect.objectContaining({ name: 'Lobby', queue_ids: [Q] }) })]));

  it('leaves the row alone when the secret is reset, and drops it when the kiosk is deleted', () =>
    spec
      .given([created, { type: 'KioskSecretReset', data: ids }])
      .when([{ type: 'KioskDeleted', data: ids }])
      .then(kiosks, []));
});

describe('the displays projection', () => {
  const D = randomUUID();
  const ids = { display_id: D, business_id: B };
  const spec = projectionSpecification(displayProjection, () => t.db, { tenantId: B, streamOf: () => `display-${D}` });
  const created: DisplayEvent = {
    type: 'DisplayCreated',
    data: { ...ids, key: 'dX3vR8nL', settings: { ...DEFAULT_DISPLAY, name: 'Waiting room', queue_ids: [Q] } },
  };
  const displays = (db: Transaction<Database>) => db.selectFrom('displays').select(['id', 'name', 'status']).where('tenant_id', '=', B).execute();

  it('keeps a display as created', () =>
    spec
      .given()
      .when([created])
      .then(displays, [{ id: D, name: 'Waiting room', status: 'active' }]));

  it('keeps the row through a secret reset, then follows a rename', () =>
    spec
      .given([created])
      .when([
        { type: 'DisplaySecretReset', data: ids },
        { type: 'DisplayUpdated', data: { ...ids, changes: { name: 'Hall screen' } } },
      ])
      .then(displays, [{ id: D, name: 'Hall screen', status: 'active' }]));

  it('forgets a deleted display', () =>
    spec
      .given([created])
      .when([{ type: 'DisplayDeleted', data: ids }])
      .then(displays, []));
});
