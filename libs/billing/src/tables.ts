import type { ColumnType, JSONColumnType } from 'kysely';
import type { InvoiceKind, InvoiceLine, InvoiceParty, InvoiceStatus, PaymentProvider } from '@tabour/contracts';
import type { CouponTerms } from './pricing';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Operator's catalogue: prices in minor units, changed with `npm run accounts -- packages set-price`. */
export interface BillingPackagesTable {
  id: string;
  name: string;
  currency: string;
  monthly_price: number | null;
  yearly_price: number | null;
  for_sale: boolean;
  updated_at: Timestamp;
}

/** Operator's coupons (`npm run accounts -- coupons …`); redemptions counted under a row lock. */
export interface BillingCouponsTable extends CouponTerms {
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  max_redemptions: number | null;
  redemptions: Defaulted<number>;
  packages: string[];
  archived: Defaulted<boolean>;
  created_at: Timestamp;
}

/** One redemption per business and coupon: reserved before the card is charged, released if it fails. */
export interface BillingCouponRedemptionsTable {
  code: string;
  tenant_id: string;
  status: 'reserved' | 'redeemed';
  invoice_id: string | null;
  created_at: Timestamp;
}

/** Read model: the business's membership (the membership stream, and the account's trial and package events). */
export interface MembershipsTable {
  tenant_id: string;
  package: string | null;
  plan: string | null;
  trial_ends_at: NullableTimestamp;
  period_starts_at: NullableTimestamp;
  period_ends_at: NullableTimestamp;
  grace_ends_at: NullableTimestamp;
  renewal_attempts: Defaulted<number>;
  cancel_at_period_end: Defaulted<boolean>;
  scheduled_package: string | null;
  scheduled_plan: string | null;
  coupon_code: string | null;
  coupon_months_left: number | null;
  /** When the sweep has something to do: the trial's or the period's end, the next retry in grace. */
  due_at: NullableTimestamp;
  /** Operational: a sweeping instance's claim (never projected, kept by a rebuild's absence). */
  claimed_until: NullableTimestamp;
  updated_at: Timestamp;
}

export interface MembershipPeriodsTable {
  id: string;
  tenant_id: string;
  kind: 'purchase' | 'renewal' | 'change';
  package: string;
  plan: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  invoice_id: string | null;
  net: number;
}

/** The invoice register: written once in the append's transaction with its gapless number, never rebuilt. */
export interface InvoicesTable {
  id: string;
  tenant_id: string;
  kind: InvoiceKind;
  year: number;
  seq: number;
  number: string;
  issued_at: Timestamp;
  status: Defaulted<InvoiceStatus>;
  currency: string;
  seller: JSONColumnType<InvoiceParty>;
  buyer: JSONColumnType<InvoiceParty>;
  lines: JSONColumnType<InvoiceLine[]>;
  coupon: JSONColumnType<{ code: string; discount: number } | null>;
  subtotal: number;
  vat_rate: ColumnType<number, number, number>;
  vat: number;
  total: number;
  reverse_charge: boolean;
  payment_reference: string | null;
  credits_invoice_id: string | null;
  refunded: Defaulted<number>;
}

/** The last number given per kind and year; its row is locked by the append that issues the next. */
export interface InvoiceCountersTable {
  kind: InvoiceKind;
  year: number;
  last: number;
}

export interface PaymentMethodsTable {
  id: string;
  tenant_id: string;
  provider: PaymentProvider;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Timestamp;
}

export interface BillingDetailsTable {
  tenant_id: string;
  name: string;
  address: string | null;
  country: string | null;
  vat_number: string | null;
  email: string | null;
  updated_at: Timestamp;
}

/** Operational: the provider's customer of each business (Stripe's cus_…). */
export interface BillingCustomersTable {
  tenant_id: string;
  provider: PaymentProvider;
  customer_ref: string;
}

/** Operational: a payment waiting for the card holder (3-D Secure), applied by the webhook. */
export interface BillingCheckoutsTable {
  payment_ref: string;
  tenant_id: string;
  command: JSONColumnType<Record<string, unknown>>;
  status: 'pending' | 'applied' | 'failed';
  created_at: Timestamp;
}

/** Operational: the provider's webhook events already applied. */
export interface BillingProviderEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

/** The billing context's tables: the slice of the database type that its queries read. */
export interface BillingTables {
  billing_packages: BillingPackagesTable;
  billing_coupons: BillingCouponsTable;
  billing_coupon_redemptions: BillingCouponRedemptionsTable;
  memberships: MembershipsTable;
  membership_periods: MembershipPeriodsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  payment_methods: PaymentMethodsTable;
  billing_details: BillingDetailsTable;
  billing_customers: BillingCustomersTable;
  billing_checkouts: BillingCheckoutsTable;
  billing_provider_events: BillingProviderEventsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends BillingTables {}
}
