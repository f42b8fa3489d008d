import { specification } from '@tabour/eventstore/testing';
import { privacyDecider, type PrivacyEvent } from '.';

const updated = (changes: Record<string, boolean>): PrivacyEvent => ({ type: 'PrivacySettingsUpdated', data: { business_id: 'b1', changes } });

describe('privacy settings', () => {
  const spec = specification(privacyDecider);

  it('records only the settings that change from the defaults', () =>
    void spec
      .given([])
      .when({ type: 'UpdatePrivacy', business_id: 'b1', changes: { delete_history_daily: true, hide_customer_names: true } })
      .then([updated({ delete_history_daily: true })]));

  it('records nothing when every value is already so', () =>
    void spec
      .given([updated({ hide_customer_names: false })])
      .when({ type: 'UpdatePrivacy', business_id: 'b1', changes: { hide_customer_names: false } })
      .then([]));

  it('refuses an unknown setting and a value that is not true or false', () => {
    spec
      .given([])
      .when({ type: 'UpdatePrivacy', business_id: 'b1', changes: { keep_forever: true } as never })
      .thenRefuses({ status: 422, fields: ['keep_forever'] });
    spec
      .given([])
      .when({ type: 'UpdatePrivacy', business_id: 'b1', changes: { delete_history_daily: 'yes' } })
      .thenRefuses({ status: 422, fields: ['delete_history_daily'] });
  });

  it('records a history deletion and an account deletion with the customers erased', () => {
    spec
      .given([])
      .when({ type: 'RecordHistoryDeleted', business_id: 'b1', customers_erased: 3, trigger: 'schedule' })
      .then([{ type: 'BusinessHistoryDeleted', data: { business_id: 'b1', customers_erased: 3, trigger: 'schedule' } }]);
    spec
      .given([])
      .when({ type: 'RecordAccountDeleted', business_id: 'b1', customers_erased: 7 })
      .then([{ type: 'BusinessAccountDeleted', data: { business_id: 'b1', customers_erased: 7 } }]);
  });
});
