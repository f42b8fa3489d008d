import { specification } from '@tabour/eventstore/testing';
import { accountSettingsDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const spec = specification(accountSettingsDecider);
const update = (changes: Record<string, unknown>) => ({ type: 'UpdateAccountSettings' as const, business_id: B, changes });

describe('account settings', () => {
  it('records the changed settings, the e-mail in lower case', () => {
    spec
      .given([])
      .when(update({ contact_email: ' Billing@Example.COM ', notice_language: 'ar' }))
      .then([{ type: 'AccountSettingsUpdated', data: { business_id: B, changes: { contact_email: 'billing@example.com', notice_language: 'ar' } } }]);
  });

  it('an empty e-mail goes back to the registration e-mail', () => {
    spec
      .given([{ type: 'AccountSettingsUpdated', data: { business_id: B, changes: { contact_email: 'a@b.io' } } }])
      .when(update({ contact_email: '' }))
      .then([{ type: 'AccountSettingsUpdated', data: { business_id: B, changes: { contact_email: null } } }]);
  });

  it('does nothing when nothing changes', () => {
    spec
      .given([])
      .when(update({ notice_language: 'en', contact_email: null }))
      .thenNothingHappens();
  });

  it('refuses a bad e-mail, an unknown language and an unknown setting', () => {
    spec
      .given([])
      .when(update({ contact_email: 'nope', notice_language: 'xx', colour: 'red' }))
      .thenRefuses({ status: 422, fields: ['contact_email', 'notice_language', 'colour'] });
  });
});
