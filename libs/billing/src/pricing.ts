import type { CouponView, Package, Plan, Quote } from '@tabour/contracts';
import { vatOn, type VatTreatment } from './vat';

/** A coupon as a price sees it: the terms of the coupon the business is shown. */
export type CouponTerms = Pick<CouponView, 'code' | 'kind' | 'value' | 'currency' | 'duration' | 'duration_months'>;

/** The months of a plan's period (a coupon for N months covers that many months of periods). */
export const PLAN_MONTHS: Record<Plan, number> = { monthly: 1, yearly: 12 };

/** A price's figures, as a quote shows them. */
export type Amounts = Pick<Quote, 'list_price' | 'discount' | 'proration_credit' | 'subtotal' | 'vat_rate' | 'vat' | 'total' | 'reverse_charge'>;

/** What a coupon takes off a net price: a share of it, or a fixed amount in the same currency (never below zero). */
export function couponDiscount(coupon: CouponTerms | null, listPrice: number, currency: string): number {
  if (!coupon) return 0;
  if (coupon.kind === 'percent') return Math.round((listPrice * Math.min(100, coupon.value)) / 100);
  if (coupon.currency !== currency) return 0;
  return Math.min(coupon.value, listPrice);
}

/**
 * The amounts of one invoice: the list price less the coupon, less the unused part of the
 * period being replaced, then VAT on what is left. Never negative: a credit larger than the
 * new price is not paid back.
 */
export function priceOf(listPrice: number, currency: string, coupon: CouponTerms | null, prorationCredit: number, vat: VatTreatment): Amounts {
  const discount = couponDiscount(coupon, listPrice, currency);
  const credit = Math.min(Math.max(0, prorationCredit), listPrice - discount);
  const subtotal = listPrice - discount - credit;
  const tax = vatOn(subtotal, vat.rate);
  return {
    list_price: listPrice,
    discount,
    proration_credit: credit,
    subtotal,
    vat_rate: vat.rate,
    vat: tax,
    total: subtotal + tax,
    reverse_charge: vat.reverse_charge,
  };
}

/** The unused part of what was paid (net) for a period, at `now`, rounded down to the unit. */
export function unusedCredit(paidNet: number, startsAt: Date, endsAt: Date, now: Date): number {
  const length = endsAt.getTime() - startsAt.getTime();
  if (length <= 0 || paidNet <= 0) return 0;
  const left = Math.min(length, Math.max(0, endsAt.getTime() - now.getTime()));
  return Math.floor((paidNet * left) / length);
}

/** The end of a period of `plan` that starts at `from` (calendar months, in UTC). */
export function periodEnd(from: Date, plan: Plan): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + PLAN_MONTHS[plan]);
  return d;
}

/**
 * Months a coupon still covers after it was applied to a period of `plan`: null for forever,
 * 0 for once; a repeating one counts its months down.
 */
export function monthsLeftAfter(coupon: Pick<CouponTerms, 'duration' | 'duration_months'>, plan: Plan, monthsLeft?: number | null): number | null {
  if (coupon.duration === 'forever') return null;
  if (coupon.duration === 'once') return 0;
  const left = monthsLeft ?? coupon.duration_months ?? 0;
  return Math.max(0, left - PLAN_MONTHS[plan]);
}

/** Whether a package is sold at all (the trial is given, FREE costs nothing). */
export const isSold = (pkg: Package): pkg is 'LIBERUP' | 'LIBERPRO' => pkg === 'LIBERUP' || pkg === 'LIBERPRO';
