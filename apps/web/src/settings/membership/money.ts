import { MEMBERSHIP_REFUSALS, PAYMENT_DECLINES } from '@tabour/contracts';

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
  if (code && (MEMBERSHIP_REFUSALS as readonly string[]).includes(code)) return `account.refusals.${code}`;
  return null;
}
