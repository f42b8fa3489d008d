import type { Instant } from './instants';
import { LANGUAGES, type Language } from './languages';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from './bookings';

/**
 * The business account's own settings (GET/POST /business/account/setting): who receives the
 * account's notices (membership, invoices, approval) and in which language. ADMIN only.
 */
export interface AccountSettings {
  /** null: the e-mail given at registration. */
  contact_email: string | null;
  /** The language of the account's notices. */
  notice_language: Language;
}
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = { contact_email: null, notice_language: 'en' };
export const NOTICE_LANGUAGES = LANGUAGES;

/** The account tab's facts, beside its settings: what the owner is asked to confirm and quote. */
export interface AccountSettingsView<At = Instant> extends AccountSettings {
  business_id: string;
  organization_id: string;
  name: string;
  registration_email: string;
  owner: { first_name: string; last_name: string; email: string } | null;
  status: string;
  registered_at: At | null;
}

/** Currencies a business may keep its received payments in (ISO 4217). */
export const PAYMENT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'TND', 'MAD', 'DZD', 'XOF', 'XAF', 'CAD', 'AED', 'SAR', 'EGP', 'RUB', 'BRL'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/**
 * The my-business payment settings (GET/POST /business/myliberrex): the currency of the amounts
 * recorded on bookings and tickets, and whether counter agents (staff who are neither ADMIN nor
 * MANAGER) may enter an amount themselves.
 */
export interface PaymentSettings {
  currency: PaymentCurrency;
  agents_may_enter_amount: boolean;
}
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = { currency: 'EUR', agents_may_enter_amount: true };

/** May this role record an amount under these settings? The API refuses with `amount_entry_not_allowed`; the screens hide the form. */
export function mayEnterAmount(role: string, settings: Pick<PaymentSettings, 'agents_may_enter_amount'>): boolean {
  return role === 'ADMIN' || role === 'MANAGER' || settings.agents_may_enter_amount;
}

/** One payment the business received on a booking (GET /business/booking/payments). */
export interface ReceivedPayment<At = Instant> {
  id: string;
  booking_id: string;
  /** The day it counts for: its paid-on date, else the day it was recorded in the business's zone. */
  day: string;
  amount: number;
  method: PaymentMethod;
  /** The booking's payment status once this payment was recorded. */
  status: PaymentStatus;
  rest_to_pay: number;
  note: string | null;
  department_id: string;
  department_name: string | null;
  booking_starts_at: At;
  created_at: At;
}

export interface ReceivedPaymentTotals {
  count: number;
  amount: number;
  by_method: { method: PaymentMethod; count: number; amount: number }[];
}

/** A page of received payments with the totals of every payment the filters keep (not only the page's). */
export interface ReceivedPayments<At = Instant> {
  data: ReceivedPayment<At>[];
  total: number;
  page: number;
  per_page: number | null;
  last_page: number;
  totals: ReceivedPaymentTotals;
  currency: PaymentCurrency;
  time_zone: string;
}
export { PAYMENT_METHODS, PAYMENT_STATUSES };

/** A business's category (GET /business/category…): a named, coloured label of its own (docs/product.md#note-types-and-categories). */
export interface Category<At = Instant> {
  id: string;
  name: string;
  color: string | null;
  created_at: At;
  updated_at: At;
}

/** The business's terms of service and privacy policy that its customers read. */
export const LEGAL_KINDS = ['terms', 'policy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** One version of a text (GET /business/terms/current, POST /business/terms/add; the same under /policy). */
export interface LegalText<At = Instant> {
  kind: LegalKind;
  /** 1, 2…; 0 for the product's default, which no one has adopted yet. */
  version: number;
  content: string;
  created_at: At | null;
  created_by: string | null;
}
export const LEGAL_TEXT_MAX = 50_000;

/** The privacy settings (GET /business/privacy): the customers' history and names, and whether the business is listed. */
export interface PrivacyView<At = Instant> {
  delete_history_daily: boolean;
  hide_customer_names: boolean;
  published: boolean;
  next_history_deletion_at: At | null;
  last_history_deletion_at: At | null;
}
