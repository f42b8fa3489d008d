import type { ReceivedPayment } from '@tabour/contracts';
import { paymentRows, periodRange, sameName } from './model';

describe('periodRange', () => {
  // 23:30 UTC on 31 December is already 1 January in Tunis (UTC+1).
  const now = new Date('2026-12-31T23:30:00Z');

  it("takes the days in the business's zone, not the browser's", () => {
    expect(periodRange('today', 'Africa/Tunis', now)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(periodRange('today', 'America/New_York', now)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('gives the last seven days, the month and the year', () => {
    expect(periodRange('week', 'UTC', now)).toEqual({ from: '2026-12-25', to: '2026-12-31' });
    expect(periodRange('month', 'UTC', new Date('2026-02-10T12:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('year', 'Africa/Tunis', now)).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });

  it('leaves the range open for any time and chosen dates', () => {
    expect(periodRange('all', 'UTC', now)).toEqual({});
    expect(periodRange('custom', 'UTC', now)).toEqual({});
  });
});

describe('paymentRows', () => {
  it('heads the rows and words the method and status', () => {
    const p = {
      day: '2026-03-02',
      amount: 10.5,
      method: 'cash',
      status: 'paid',
      rest_to_pay: 0,
      department_name: 'Dental',
      booking_id: 'b1',
      note: null,
    } as unknown as ReceivedPayment;
    expect(paymentRows([p], ['Date', 'Amount'], { method: (m) => `M:${m}`, status: (s) => `S:${s}` })).toEqual([
      ['Date', 'Amount'],
      ['2026-03-02', 10.5, 'M:cash', 'S:paid', 0, 'Dental', 'b1', ''],
    ]);
  });
});

describe('sameName', () => {
  it('compares the typed business name exactly, spaces around it aside', () => {
    expect(sameName('  Clinic Nord ', 'Clinic Nord')).toBe(true);
    expect(sameName('clinic nord', 'Clinic Nord')).toBe(false);
  });
});
