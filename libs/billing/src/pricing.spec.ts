import { FEATURE_MATRIX, packageAt, withinLimit } from '@tabour/contracts';
import { couponDiscount, monthsLeftAfter, periodEnd, priceOf, unusedCredit } from './pricing';
import { checkVatNumber, vatFor, VAT_RATES } from './vat';

const pct = (value: number) => ({ code: 'P', kind: 'percent' as const, value, currency: null, duration: 'once' as const, duration_months: null });

describe('prices', () => {
  it('takes a percentage or an amount off, never below zero and only in its own currency', () => {
    expect(couponDiscount(pct(20), 79000, 'EUR')).toBe(15800);
    const amount = { ...pct(0), kind: 'amount' as const, value: 5000, currency: 'EUR' };
    expect(couponDiscount(amount, 2900, 'EUR')).toBe(2900);
    expect(couponDiscount(amount, 29000, 'USD')).toBe(0);
  });

  it('adds the VAT on what is left after the coupon and the proration credit', () => {
    expect(priceOf(79000, 'EUR', pct(20), 0, { rate: 20, reverse_charge: false })).toEqual({
      list_price: 79000,
      discount: 15800,
      proration_credit: 0,
      subtotal: 63200,
      vat_rate: 20,
      vat: 12640,
      total: 75840,
      reverse_charge: false,
    });
    expect(priceOf(7900, 'EUR', null, 1450, { rate: 19, reverse_charge: false })).toMatchObject({ subtotal: 6450, vat: 1226, total: 7676 });
    expect(priceOf(2900, 'EUR', null, 99999, { rate: 20, reverse_charge: false })).toMatchObject({ proration_credit: 2900, subtotal: 0, total: 0 });
  });

  it('credits the unused part of a period and counts calendar months', () => {
    const start = new Date('2026-01-31T10:00:00Z');
    expect(periodEnd(start, 'monthly').toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(periodEnd(new Date('2026-11-15T10:00:00Z'), 'yearly').toISOString()).toBe('2027-11-15T10:00:00.000Z');
    const s = new Date('2026-11-01T00:00:00Z');
    const e = new Date('2026-12-01T00:00:00Z');
    expect(unusedCredit(3000, s, e, new Date('2026-11-16T00:00:00Z'))).toBe(1500);
    expect(unusedCredit(3000, s, e, new Date('2026-12-02T00:00:00Z'))).toBe(0);
  });

  it('counts a repeating coupon down by the months of each period', () => {
    expect(monthsLeftAfter({ duration: 'repeating', duration_months: 3 }, 'monthly')).toBe(2);
    expect(monthsLeftAfter({ duration: 'repeating', duration_months: 3 }, 'yearly')).toBe(0);
    expect(monthsLeftAfter({ duration: 'forever', duration_months: null }, 'yearly')).toBeNull();
    expect(monthsLeftAfter({ duration: 'once', duration_months: null }, 'monthly')).toBe(0);
  });
});

describe('VAT', () => {
  it("charges the business's country's rate, reverse charge for a valid EU number of another member state", () => {
    expect(vatFor('FR', 'FR', 'FR40303265045')).toEqual({ rate: 20, reverse_charge: false });
    expect(vatFor('FR', 'DE', 'DE136695976')).toEqual({ rate: 0, reverse_charge: true });
    expect(vatFor('FR', 'DE', 'DE000000000')).toEqual({ rate: 19, reverse_charge: false });
    expect(vatFor('FR', 'DE', null)).toEqual({ rate: 19, reverse_charge: false });
    expect(vatFor('FR', 'GB', 'GB980780684')).toEqual({ rate: 20, reverse_charge: false });
    expect(vatFor('FR', 'TN', null)).toEqual({ rate: 19, reverse_charge: false });
    expect(vatFor('FR', 'US', null)).toEqual({ rate: 0, reverse_charge: false });
    expect(vatFor('FR', 'BR', null)).toEqual({ rate: 0, reverse_charge: false });
    expect(vatFor('FR', null, null)).toEqual({ rate: 0, reverse_charge: false });
  });

  it('knows every EU member state and the other countries sold to', () => {
    for (const c of ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PL', 'PT', 'SE', 'GB', 'CH', 'NO', 'MA', 'TN', 'DZ', 'IL', 'US']) {
      expect(typeof VAT_RATES[c]).toBe('number');
    }
    expect(Object.keys(VAT_RATES)).toHaveLength(35);
  });

  it("checks VAT numbers by each country's format and check digits", () => {
    expect(checkVatNumber('FR', 'FR 40 303 265 045')).toBe('valid');
    expect(checkVatNumber('FR', '40303265045')).toBe('valid');
    expect(checkVatNumber('FR', 'FR00303265045')).toBe('invalid');
    expect(checkVatNumber('GR', 'EL094259216')).toBe('valid');
    expect(checkVatNumber('CH', 'CHE-116.281.710')).toBe('valid');
    expect(checkVatNumber('TN', '1234567A/A/M/000')).toBe('valid');
    expect(checkVatNumber('TN', '1234567')).toBe('invalid');
    expect(checkVatNumber('MA', '001234567000089')).toBe('valid');
    expect(checkVatNumber('JP', 'ABC12345')).toBe('unchecked');
    expect(checkVatNumber('JP', '!!')).toBe('invalid');
  });
});

describe('the feature matrix', () => {
  it('gives the trial every feature of the top package but its 200 SMS', () => {
    expect({ ...FEATURE_MATRIX.TRIAL, sms: 0 }).toEqual({ ...FEATURE_MATRIX.LIBERPRO, sms: 0 });
    expect(FEATURE_MATRIX.TRIAL.sms).toBe(200);
    expect(withinLimit('FREE', 'queues', 0)).toBe(true);
    expect(withinLimit('FREE', 'queues', 1)).toBe(false);
    expect(withinLimit('LIBERPRO', 'queues', 10_000)).toBe(true);
  });

  it('reads the package in use from the membership at a moment', () => {
    const m = { package: null, trial_ends_at: '2026-12-01T00:00:00Z', period_ends_at: null, grace_ends_at: null };
    expect(packageAt(m, new Date('2026-11-30T00:00:00Z'))).toBe('TRIAL');
    expect(packageAt(m, new Date('2026-12-01T00:00:00Z'))).toBe('FREE');
    const paid = { ...m, package: 'LIBERUP' as const, period_ends_at: '2026-12-15T00:00:00Z' };
    expect(packageAt(paid, new Date('2026-12-15T12:00:00Z'))).toBe('LIBERUP');
    expect(packageAt(paid, new Date('2026-12-17T00:00:00Z'))).toBe('FREE');
    expect(packageAt({ ...paid, grace_ends_at: '2026-12-22T00:00:00Z' }, new Date('2026-12-20T00:00:00Z'))).toBe('LIBERUP');
  });
});
