import fc from 'fast-check';
import { specification } from '@tabour/eventstore/testing';
import { catalogDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const S = '44444444-4444-4444-8444-444444444444';
const P = '55555555-5555-4555-8555-555555555555';
const C = '66666666-6666-4666-8666-666666666666';

const catalog = specification(catalogDecider);

describe('USSD order', () => {
  it('sets the order of every service', () => {
    catalog
      .given([])
      .when({ type: 'ReorderServices', business_id: B, order: [P, S], existing: [S, P] })
      .then([{ type: 'ServicesReordered', data: { business_id: B, order: [P, S] } }]);
  });

  it.each([
    ['leaves a service out', [S], [S, P]],
    ['names one twice', [S, S, P], [S, P]],
    ['names an unknown one', [S, P, C], [S, P]],
  ])('refuses an order that %s', (_, order, existing) => {
    catalog.given([]).when({ type: 'ReorderServices', business_id: B, order, existing }).thenRefuses({ status: 422 });
  });
});

describe('USSD order, for any catalogue', () => {
  const ids = fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 12 });

  it('accepts every permutation of the services', () => {
    fc.assert(
      fc.property(
        ids.chain((existing) => fc.tuple(fc.constant(existing), fc.shuffledSubarray(existing, { minLength: existing.length }))),
        ([existing, order]) => {
          catalog
            .given([])
            .when({ type: 'ReorderServices', business_id: B, order, existing })
            .then((events) => expect(events).toHaveLength(1));
        },
      ),
    );
  });

  it('refuses any order that is not a permutation', () => {
    fc.assert(
      fc.property(ids, fc.nat(), fc.boolean(), (existing, i, drop) => {
        const order = drop ? existing.filter((_, k) => k !== i % existing.length) : [...existing, existing[i % existing.length]];
        catalog.given([]).when({ type: 'ReorderServices', business_id: B, order, existing }).thenRefuses({ status: 422 });
      }),
    );
  });
});
