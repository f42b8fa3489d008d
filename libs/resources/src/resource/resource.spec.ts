import { specification } from '@tabour/eventstore/testing';
import { resourceDecider, type ResourceCommand, type ResourceEvent } from '.';

const ids = { resource_id: 'r1', business_id: 'b1' };
const D1 = 'd1';
const D2 = 'd2';
const created: ResourceEvent = {
  type: 'ResourceCreated',
  data: { ...ids, name: 'Room 1', kind: 'room', capacity: 1, department_ids: [], active: true },
};
const create = (fields: Record<string, unknown>, known: string[] = []): ResourceCommand => ({
  type: 'CreateResource',
  ...ids,
  fields: fields as never,
  known_department_ids: known,
});
const update = (fields: Record<string, unknown>, known: string[] = []): ResourceCommand => ({
  type: 'UpdateResource',
  ...ids,
  fields: fields as never,
  known_department_ids: known,
});

describe('resource', () => {
  const spec = specification(resourceDecider);

  it('creates a room with the defaults, the name trimmed', () =>
    void spec
      .given([])
      .when(create({ name: '  Room 1 ' }))
      .then([created]));

  it('creates equipment of several departments, kept as a sorted set', () =>
    void spec
      .given([])
      .when(create({ name: 'X-ray', kind: 'equipment', capacity: 2, department_ids: [D2, D1, D2] }, [D1, D2]))
      .then([{ type: 'ResourceCreated', data: { ...ids, name: 'X-ray', kind: 'equipment', capacity: 2, department_ids: [D1, D2], active: true } }]));

  it('does nothing when the same create is retried', () =>
    void spec
      .given([created])
      .when(create({ name: 'Room 1' }))
      .thenNothingHappens());

  it('refuses an empty name, an unknown kind and a capacity below one', () => {
    const refusal = spec
      .given([])
      .when(create({ name: ' ', kind: 'car', capacity: 0 }))
      .thenRefuses({ status: 422, fields: ['name', 'kind', 'capacity'] });
    expect(refusal.errors?.capacity?.[0]).toMatch(/from 1/);
  });

  it('refuses a fractional capacity', () =>
    void spec
      .given([])
      .when(create({ name: 'Room', capacity: 1.5 }))
      .thenRefuses({ status: 422, fields: ['capacity'] }));

  it("refuses a department that is not the business's", () =>
    void spec
      .given([])
      .when(create({ name: 'Room', department_ids: [D1] }, []))
      .thenRefuses({ status: 422, fields: ['department_ids'] }));

  it('updates only what changed', () =>
    void spec
      .given([created])
      .when(update({ name: 'Room 1', capacity: 3, active: false }))
      .then([{ type: 'ResourceUpdated', data: { ...ids, changes: { capacity: 3, active: false } } }]));

  it('keeps the departments it had without asking again', () =>
    void spec
      .given([{ ...created, data: { ...created.data, department_ids: [D1] } }])
      .when(update({ department_ids: [D2, D1] }, [D2]))
      .then([{ type: 'ResourceUpdated', data: { ...ids, changes: { department_ids: [D1, D2] } } }]));

  it('does nothing when nothing changes', () =>
    void spec
      .given([created])
      .when(update({ name: 'Room 1', kind: 'room' }))
      .thenNothingHappens());

  it('refuses an update that breaks a rule', () =>
    void spec
      .given([created])
      .when(update({ capacity: -1 }))
      .thenRefuses({ status: 422, fields: ['capacity'] }));

  it('deletes a resource', () =>
    void spec
      .given([created])
      .when({ type: 'DeleteResource', ...ids })
      .then([{ type: 'ResourceDeleted', data: ids }]));

  it("answers 404 for a missing, a deleted or another business's resource", () => {
    spec
      .given([])
      .when({ type: 'DeleteResource', ...ids })
      .thenRefuses({ status: 404 });
    spec
      .given([created, { type: 'ResourceDeleted', data: ids }])
      .when(update({ name: 'Again' }))
      .thenRefuses({ status: 404 });
    spec.given([created]).when({ type: 'DeleteResource', resource_id: 'r1', business_id: 'b2' }).thenRefuses({ status: 404 });
  });
});
