import { PAYMENT_DECLINES } from '@tabour/contracts';

/** An amount in the currency's minor unit (2900 is 29.00), in the interface language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
  } catch {
    // An unknown currency code: the number and the code, never a crash.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** The catalogue key of a refused card or purchase: the decline's own text where the server names one. */
export function refusalKey(code: string | undefined, reason: string | undefined): string | null {
  if (reason && (PAYMENT_DECLINES as readonly string[]).includes(reason)) return `account.declines.${reason}`;
  if (code && REFUSALS.includes(code)) return `account.refusals.${code}`;
  return null;
}

export const REFUSALS = [
  'coupon_invalid',
  'coupon_expired',
  'coupon_not_started',
  'coupon_used_up',
  'coupon_not_for_package',
  'payment_declined',
  'payment_method_required',
  'payment_method_failed',
  'payment_method_in_use',
  'same_package',
  'card_setup_required',
  'card_test_form',
  'card_secure_page',
];
