import { specification } from '@tabour/eventstore/testing';
import { mayEnterAmount } from '@tabour/contracts';
import { paymentSettingsDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const spec = specification(paymentSettingsDecider);
const update = (changes: Record<string, unknown>) => ({ type: 'UpdatePaymentSettings' as const, business_id: B, changes });

describe('payment settings', () => {
  it('records only what changes', () => {
    spec
      .given([])
      .when(update({ currency: 'TND', agents_may_enter_amount: true }))
      .then([{ type: 'PaymentSettingsUpdated', data: { business_id: B, changes: { currency: 'TND' } } }]);
  });

  it('does nothing when the settings are already so', () => {
    spec
      .given([{ type: 'PaymentSettingsUpdated', data: { business_id: B, changes: { agents_may_enter_amount: false } } }])
      .when(update({ agents_may_enter_amount: false, currency: 'EUR' }))
      .thenNothingHappens();
  });

  it('refuses an unknown currency, a non-boolean flag and an unknown setting, naming each', () => {
    const refusal = spec
      .given([])
      .when(update({ currency: 'XYZ', agents_may_enter_amount: 'yes', tips: true }))
      .thenRefuses({ status: 422, fields: ['currency', 'agents_may_enter_amount', 'tips'] });
    expect(refusal.code).toBe('validation_failed');
  });
});

describe('mayEnterAmount', () => {
  it('lets ADMIN and MANAGER always, counter agents only when the business allows it', () => {
    expect(mayEnterAmount('ADMIN', { agents_may_enter_amount: false })).toBe(true);
    expect(mayEnterAmount('MANAGER', { agents_may_enter_amount: false })).toBe(true);
    expect(mayEnterAmount('EMPLOYEE', { agents_may_enter_amount: false })).toBe(false);
    expect(mayEnterAmount('EMPLOYEE', { agents_may_enter_amount: true })).toBe(true);
  });
});
