import { specification } from '@tabour/eventstore/testing';
import { statisticsSettingsDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';

describe('statistics settings', () => {
  const spec = specification(statisticsSettingsDecider);

  it('sets the service level target', () => {
    spec
      .given([])
      .when({ type: 'SetServiceLevelTarget', business_id: B, target_seconds: 300 })
      .then([{ type: 'ServiceLevelTargetSet', data: { business_id: B, target_seconds: 300 } }]);
  });

  it('records nothing for the target it has, the default included', () => {
    spec.given([]).when({ type: 'SetServiceLevelTarget', business_id: B, target_seconds: 600 }).thenNothingHappens();
  });

  it.each([59, 14_401, 12.5, '600', null])('refuses %p seconds', (target_seconds) => {
    spec
      .given([])
      .when({ type: 'SetServiceLevelTarget', business_id: B, target_seconds })
      .thenRefuses({ status: 422, fields: ['service_level_target_seconds'] });
  });
});
