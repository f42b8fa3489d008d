import { formatMoney, refusalKey } from './money';

describe('formatMoney', () => {
  it('reads minor units in the interface language', () => {
    expect(formatMoney(2900, 'EUR', 'en')).toBe('€29.00');
    expect(formatMoney(123456, 'EUR', 'fr')).toMatch(/^1\s234,56\s€$/);
  });

  it('keeps an unknown currency readable', () => {
    expect(formatMoney(500, 'XX1', 'en')).toBe('5.00 XX1');
  });
});

describe('refusalKey', () => {
  it("words a decline by its reason, another refusal by its code, and leaves the rest to the server's message", () => {
    expect(refusalKey('payment_declined', 'insufficient_funds')).toBe('account.declines.insufficient_funds');
    expect(refusalKey('coupon_expired', undefined)).toBe('account.refusals.coupon_expired');
    expect(refusalKey('validation_failed', 'whatever')).toBeNull();
  });
});
