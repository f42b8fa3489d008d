import { specification } from '@tabour/eventstore/testing';
import { categoryDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const ids = { category_id: C, business_id: B };
const created = { type: 'CategoryCreated' as const, data: { ...ids, name: 'Insurance', color: '#112233' } };
const spec = specification(categoryDecider);

describe('category', () => {
  it('is created with a trimmed name', () => {
    spec
      .given([])
      .when({ type: 'CreateCategory', ...ids, fields: { name: '  Insurance ', color: '#112233' } })
      .then([created]);
  });

  it('refuses an empty name and a colour that is not #rrggbb', () => {
    spec
      .given([])
      .when({ type: 'CreateCategory', ...ids, fields: { name: ' ', color: 'red' } })
      .thenRefuses({ status: 422, fields: ['name', 'color'] });
  });

  it('records only the changed fields, and nothing when nothing changes', () => {
    spec
      .given([created])
      .when({ type: 'UpdateCategory', ...ids, fields: { name: 'Mutual', color: '#112233' } })
      .then([{ type: 'CategoryUpdated', data: { ...ids, changes: { name: 'Mutual' } } }]);
    spec
      .given([created])
      .when({ type: 'UpdateCategory', ...ids, fields: { name: 'Insurance' } })
      .thenNothingHappens();
  });

  it("answers another business's category and a deleted one as missing", () => {
    spec.given([created]).when({ type: 'DeleteCategory', category_id: C, business_id: OTHER }).thenRefuses({ status: 404 });
    spec
      .given([created, { type: 'CategoryDeleted', data: ids }])
      .when({ type: 'UpdateCategory', ...ids, fields: { name: 'x' } })
      .thenRefuses({ status: 404 });
  });
});
