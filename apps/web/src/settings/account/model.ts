import { DateTime } from 'luxon';
import type { ReceivedPayment } from '@tabour/contracts';

export const PERIODS = ['all', 'today', 'week', 'month', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** A period's first and last day (YYYY-MM-DD) in the business's zone; an open range for 'all' and 'custom'. */
export function periodRange(period: Period, zone: string | undefined, now: Date = new Date()): { from?: string; to?: string } {
  const today = DateTime.fromJSDate(now).setZone(zone || 'UTC');
  switch (period) {
    case 'today':
      return { from: today.toISODate()!, to: today.toISODate()! };
    case 'week':
      return { from: today.minus({ days: 6 }).toISODate()!, to: today.toISODate()! };
    case 'month':
      return { from: today.startOf('month').toISODate()!, to: today.endOf('month').toISODate()! };
    case 'year':
      return { from: today.startOf('year').toISODate()!, to: today.endOf('year').toISODate()! };
    default:
      return {};
  }
}

/** The export's rows: a header in the interface language, then one row per payment, amounts as numbers. */
export function paymentRows(
  payments: ReceivedPayment[],
  header: string[],
  word: { method: (m: string) => string; status: (s: string) => string },
): (string | number)[][] {
  return [
    header,
    ...payments.map((p) => [p.day, p.amount, word.method(p.method), word.status(p.status), p.rest_to_pay, p.department_name ?? '', p.booking_id, p.note ?? '']),
  ];
}

/** The typed business name compared as the API compares it: exactly, but for the spaces around it. */
export const sameName = (a: string, b: string) => a.normalize('NFC').trim() === b.normalize('NFC').trim();
