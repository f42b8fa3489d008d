/**
 * The billing context's answers: the package catalogue with its feature matrix, the membership
 * as the settings screen shows it, coupons, quotes, invoices and credit notes, payment methods
 * and what a checkout answers (docs/billing.md).
 *
 * Money travels as integers in the currency's minor unit (cents): 2900 is 29.00 EUR. Every
 * amount shown to a business carries its VAT beside it.
 */
import type { MembershipView, Plan } from './accounts';
import type { Instant } from './instants';
import type { Package } from './lists';

/** What a package allows. null: no limit. */
export interface PackageFeatures {
  /** Queues the business may have. */
  queues: number | null;
  /** Counters in one queue. */
  counters_per_queue: number | null;
  /** Kiosks and displays together; 0: the kiosks and displays screens are locked. */
  kiosks_and_displays: number | null;
  /** SMS included per month of a paid period, counted from the period's start (the trial: in total; docs/notifications.md). */
  sms: number;
  /** The statistics' export (CSV/XLSX) calls. */
  statistics_export: boolean;
  /** The reporting mail settings (KPI alerts by e-mail). */
  report_mails: boolean;
  /** Staff logins, the owner included. */
  team_size: number | null;
}
export type PackageFeature = keyof PackageFeatures;
/** The limits counted against existing records (the others are on/off or an allowance). */
export const COUNTED_FEATURES = ['queues', 'counters_per_queue', 'kiosks_and_displays', 'team_size'] as const;
export type CountedFeature = (typeof COUNTED_FEATURES)[number];
export const SWITCHED_FEATURES = ['statistics_export', 'report_mails'] as const;
export type SwitchedFeature = (typeof SWITCHED_FEATURES)[number];

/**
 * The written feature matrix: the plan gate enforces it, the screens show it. The trial gives
 * every feature of the top package but a total of 200 SMS (docs/product.md#packages-and-the-trial).
 */
export const FEATURE_MATRIX: Record<Package, PackageFeatures> = {
  TRIAL: { queues: null, counters_per_queue: null, kiosks_and_displays: null, sms: 200, statistics_export: true, report_mails: true, team_size: null },
  FREE: { queues: 1, counters_per_queue: 2, kiosks_and_displays: 0, sms: 0, statistics_export: false, report_mails: false, team_size: 3 },
  LIBERUP: { queues: 5, counters_per_queue: 5, kiosks_and_displays: 5, sms: 500, statistics_export: true, report_mails: false, team_size: 15 },
  LIBERPRO: { queues: null, counters_per_queue: null, kiosks_and_displays: null, sms: 2000, statistics_export: true, report_mails: true, team_size: null },
};

/** The packages ordered from the smallest; an upgrade moves right. */
export const PACKAGE_RANK: Record<Package, number> = { FREE: 0, LIBERUP: 1, LIBERPRO: 2, TRIAL: 3 };

/** Whether a count of existing records may grow by one under a package's matrix. */
export function withinLimit(pkg: Package, feature: CountedFeature, existing: number): boolean {
  const limit = FEATURE_MATRIX[pkg][feature];
  return limit === null || existing < limit;
}

/** After a paid period ends, the package stays while its renewal is taken (the sweep runs every few minutes). */
export const RENEWAL_WINDOW_MS = 24 * 3600 * 1000;

/** What decides the package in use at a moment (a business's membership row). */
export interface MembershipClock {
  /** The paid package chosen (FREE included), null when none was ever chosen. */
  package: Package | null;
  trial_ends_at: Date | string | null;
  /** The paid period's end; null for FREE, which never runs out. */
  period_ends_at: Date | string | null;
  /** After a failed renewal, the package works until then. */
  grace_ends_at: Date | string | null;
}

const ms = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());

/**
 * The package a business may use at `now`: a chosen package while its period (plus the renewal
 * window) or its grace runs; otherwise the trial while it runs; otherwise FREE. The plan gate,
 * the SMS allowance and the screens all read it.
 */
export function packageAt(m: MembershipClock, now: Date): Package {
  const t = now.getTime();
  if (m.package && m.package !== 'TRIAL') {
    const ends = ms(m.period_ends_at);
    const grace = ms(m.grace_ends_at);
    if (ends === null || t < ends + RENEWAL_WINDOW_MS || (grace !== null && t < grace)) return m.package;
  }
  const trial = ms(m.trial_ends_at);
  if (trial !== null && t < trial) return 'TRIAL';
  return 'FREE';
}

/** An amount with the VAT on it, as every price is shown. */
export interface PriceWithVat {
  /** Before VAT. */
  net: number;
  vat: number;
  /** What is paid. */
  gross: number;
}

/** The package catalogue's row, as `GET /business/package` answers it for the caller's country. */
export interface PackageOffer {
  id: Package;
  name: string;
  /** null: not sold (the trial, FREE). */
  prices: Record<Plan, PriceWithVat> | null;
  currency: string;
  /** The VAT rate applied to the prices, in percent (20 for 20 %). */
  vat_rate: number;
  reverse_charge: boolean;
  features: PackageFeatures;
  /** The trial's length in days; null for the others. */
  trial_days: number | null;
}

export const MEMBERSHIP_STATUSES = ['trial', 'active', 'grace', 'cancelling', 'free'] as const;
/**
 * trial: the given trial runs; active: a paid package renews at its period's end; grace: its
 * renewal failed, the package still works until grace_ends_at while the card is retried;
 * cancelling: it ends at its period's end and the business moves to FREE; free: FREE.
 */
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The membership as the settings screen shows it (`GET /business/membership`). */
export interface BillingMembership extends MembershipView {
  status: MembershipStatus;
  /** The paid period's start and end; null on the trial and FREE. */
  period_starts_at: Instant | null;
  period_ends_at: Instant | null;
  /** The last day of the grace period after a failed renewal. */
  grace_ends_at: Instant | null;
  cancel_at_period_end: boolean;
  /** A cheaper package or plan chosen for the next period. */
  scheduled_change: { package: Package; plan: Plan | null; at: Instant } | null;
  /** The coupon still applying to renewals, if any. */
  coupon: { code: string; months_left: number | null } | null;
  features: PackageFeatures;
  /** Features the current package no longer allows though records use them (locked, never deleted). */
  locked: PackageFeature[];
}

/** One period of a membership (a purchase, renewal or change), `GET /business/membership/:id`. */
export interface MembershipPeriod {
  id: string;
  kind: 'purchase' | 'renewal' | 'change';
  package: Package;
  plan: Plan;
  starts_at: Instant;
  ends_at: Instant;
  invoice_id: string | null;
}

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** once: the first invoice; repeating: the first duration_months months; forever: every renewal. */
export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** An operator's coupon, as `/coupons` lists it to the business. */
export interface CouponView {
  code: string;
  kind: CouponKind;
  /** percent: 1 to 100; amount: minor units of currency. */
  value: number;
  currency: string | null;
  duration: CouponDuration;
  duration_months: number | null;
  valid_from: Instant | null;
  valid_until: Instant | null;
  max_redemptions: number | null;
  redemptions: number;
  /** The packages it applies to. */
  packages: Package[];
}

/** What a purchase would cost now: the price, a coupon, the proration, VAT. */
export interface Quote {
  package: Package;
  plan: Plan;
  currency: string;
  /** The catalogue price of a full period, before VAT. */
  list_price: number;
  /** Taken off by the coupon (before VAT). */
  discount: number;
  /** Unused time of the current period, taken off a mid-period upgrade (before VAT). */
  proration_credit: number;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
  reverse_charge: boolean;
  coupon: CouponView | null;
  period_starts_at: Instant;
  period_ends_at: Instant;
}

/** `GET /business/billing/coupon/:code?package=&plan=`: the coupon and what it makes of the price. */
export interface CouponCheck {
  valid: true;
  coupon: CouponView;
  quote: Quote | null;
}

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['paid', 'refunded', 'partially_refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceParty {
  name: string;
  address: string | null;
  country: string | null;
  vat_number: string | null;
  email: string | null;
}

export interface InvoiceLine {
  description: string;
  /** The catalogue's package and plan the line is for, or null for a credit. */
  package: Package | null;
  plan: Plan | null;
  period_starts_at: Instant | null;
  period_ends_at: Instant | null;
  quantity: number;
  unit_amount: number;
  /** Before VAT; negative for a proration credit. */
  amount: number;
}

/** An issued invoice or credit note: never changed once issued. */
export interface Invoice {
  id: string;
  kind: InvoiceKind;
  /** INV-2026-000001, CN-2026-000001: gapless per year and kind. */
  number: string;
  issued_at: Instant;
  status: InvoiceStatus;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  coupon: { code: string; discount: number } | null;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
  reverse_charge: boolean;
  /** The provider's payment (pi_…, or test_… for the local test provider). */
  payment_reference: string | null;
  /** On a credit note: the invoice it refunds. */
  credits_invoice_id: string | null;
  credit_notes: { id: string; number: string; issued_at: Instant; total: number }[];
}

/** A saved card (SavedCard: the bookings context already names PaymentMethod the way a customer paid). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  /** stripe, or test: the local test provider used when no Stripe key is configured. */
  provider: PaymentProvider;
}
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * `GET /business/billing/config`: which provider takes cards. With stripe, the screen sends the
 * card holder to Stripe's hosted page (`POST /business/billing/card/session`), so no card number
 * reaches the server; with test, it sends the test card's number (never a real card: nothing
 * leaves the server).
 */
export interface BillingConfig {
  provider: PaymentProvider;
  publishable_key: string | null;
  /** The test provider's cards: one succeeds, the others are declined with each reason. */
  test_cards: { number: string; outcome: 'succeeds' | PaymentDecline }[] | null;
}

/** Where Stripe's hosted card page sends the card holder back: the billing page, or the membership page's popup. */
export const CARD_SESSION_RETURNS = ['billing', 'membership'] as const;
export type CardSessionReturn = (typeof CARD_SESSION_RETURNS)[number];

/**
 * `POST /business/billing/card/session`: Stripe's hosted page where the card holder enters a
 * card; the screen opens `url`, and Stripe's webhook saves the card.
 */
export interface CardSession {
  url: string;
}

/** The business's billing details, printed as the buyer on its invoices. */
export interface BillingDetails {
  name: string;
  address: string | null;
  country: string | null;
  vat_number: string | null;
  email: string | null;
  /** The VAT the business pays on its prices, from the country and VAT number. */
  vat_rate: number;
  reverse_charge: boolean;
}

/** Why a card payment failed; the popup words each (billing.declines.<code>, docs/product.md#card-payment). */
export const PAYMENT_DECLINES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
] as const;
export type PaymentDecline = (typeof PAYMENT_DECLINES)[number];

/** What a purchase, upgrade or plan change answers. */
export interface CheckoutAnswer {
  /** succeeded: paid and applied; scheduled: applies at the period's end; requires_action: the card asks for 3-D Secure. */
  status: 'succeeded' | 'scheduled' | 'requires_action';
  membership: BillingMembership;
  invoice: Invoice | null;
  /** With requires_action: what Stripe.js confirms. */
  client_secret: string | null;
}

/** The billing refusals the membership screens word themselves (`account.refusals.<code>`). */
export const MEMBERSHIP_REFUSALS = [
  'coupon_invalid',
  'coupon_expired',
  'coupon_not_started',
  'coupon_used_up',
  'coupon_not_for_package',
  'payment_declined',
  'payment_method_required',
  'payment_method_failed',
  'payment_method_in_use',
  /** 409: with Stripe, a purchase needs a saved card first: the screen offers Stripe's card page. */
  'card_setup_required',
  /** 409: the local test provider takes its test cards in the screen's own form, not on a hosted page. */
  'card_test_form',
  /** 422: with Stripe, a card number is refused: cards are added on Stripe's secure page. */
  'card_secure_page',
  'same_package',
] as const;

/** Every billing refusal the API answers with. */
export const BILLING_REFUSALS = [
  ...MEMBERSHIP_REFUSALS,
  'vat_number_invalid',
  'package_not_for_sale',
  'plan_limit',
  'invoice_not_refundable',
  'webhook_signature',
] as const;
export type BillingRefusal = (typeof BILLING_REFUSALS)[number];

/**
 * The plan gate answers 403 `plan_required` when a feature is off in the package, and 403
 * `plan_limit` when a counted limit is reached; both name the feature as the field of
 * `errors` (`{ queues: ['…'] }`), so the screen can say which.
 */
export const PLAN_GATE_CODES = ['plan_required', 'plan_limit'] as const;
