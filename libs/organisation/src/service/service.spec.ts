import { specification } from '@tabour/eventstore/testing';
import { serviceDecider, ServiceEvent, toSeconds } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const S = '44444444-4444-4444-8444-444444444444';
const P = '55555555-5555-4555-8555-555555555555';
const C = '66666666-6666-4666-8666-666666666666';

const fields = { name: 'Cleaning', price: 20, duration_seconds: 900, category: null, parent_id: null };
const created: ServiceEvent = { type: 'ServiceCreated', data: { service_id: S, business_id: B, ...fields } };
const service = specification(serviceDecider);

describe('services', () => {
  it('keeps durations in seconds', () => {
    expect(toSeconds(15)).toBe(900);
    expect(toSeconds(90, 'seconds')).toBe(90);
  });

  it('creates a sub-service under a parent of the business', () => {
    service
      .given([])
      .when({ type: 'CreateService', service_id: C, business_id: B, fields: { ...fields, parent_id: P }, parent: { id: P, ancestors: [P] } })
      .then([{ type: 'ServiceCreated', data: { service_id: C, business_id: B, ...fields, parent_id: P } }]);
  });

  it('refuses a parent that was not found in the business', () => {
    const error = service
      .given([])
      .when({ type: 'CreateService', service_id: C, business_id: B, fields: { ...fields, parent_id: P }, parent: null })
      .thenRefuses({ status: 422 });
    expect(error.errors).toEqual({ parent_id: ['Select a valid parent service'] });
  });

  it('refuses a cycle: a service under its own sub-service', () => {
    // S is the parent of P; placing S under P would make a loop.
    const error = service
      .given([created])
      .when({ type: 'UpdateService', service_id: S, business_id: B, fields: { parent_id: P }, parent: { id: P, ancestors: [P, S] } })
      .thenRefuses({ fields: ['parent_id'] });
    expect(error.errors?.parent_id?.[0]).toMatch(/itself or one of its sub-services/);
  });

  it.each([
    [{ price: -1 }, 'price'],
    [{ price: 10.005 }, 'price'],
    [{ duration_seconds: 0 }, 'duration'],
    [{ name: '' }, 'name'],
  ])('refuses %p', (change, field) => {
    const error = service.given([created]).when({ type: 'UpdateService', service_id: S, business_id: B, fields: change }).thenRefuses({ status: 422 });
    expect(Object.keys(error.errors ?? {})).toEqual([field]);
  });

  it('rounds a price to cents and records only what changed', () => {
    service
      .given([created])
      .when({ type: 'UpdateService', service_id: S, business_id: B, fields: { price: 12.5, name: 'Cleaning' } })
      .then([{ type: 'ServiceUpdated', data: { service_id: S, business_id: B, changes: { price: 12.5 } } }]);
  });

  it('will not delete a service with sub-services', () => {
    service.given([created]).when({ type: 'DeleteService', service_id: S, business_id: B, has_sub_services: true }).thenRefuses({ status: 409 });
    service
      .given([created])
      .when({ type: 'DeleteService', service_id: S, business_id: B, has_sub_services: false })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('answers another business like a missing service', () => {
    service
      .given([created])
      .when({ type: 'UpdateService', service_id: S, business_id: OTHER, fields: { price: 1 } })
      .thenRefuses({ status: 404 });
  });
});
