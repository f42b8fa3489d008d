import type { AccountEvent, ChosenPackage } from '@tabour/accounts';
import { MEMBERSHIP_EVENT_TYPES as EVENT_TYPES, type Invoice, type PaymentProvider, type Plan } from '@tabour/contracts';
import type { CouponTerms } from '../pricing';

/** An invoice as its event carries it: everything but the number, given in the append's transaction. */
export type InvoiceDraft = Omit<Invoice, 'number' | 'status' | 'credit_notes'>;

/** A coupon applied to a membership, with the months it still covers (null: forever). */
export interface AppliedCoupon extends CouponTerms {
  months_left: number | null;
}

export interface CardData {
  id: string;
  provider: PaymentProvider;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface Paid {
  business_id: string;
  package: ChosenPackage;
  plan: Plan;
  starts_at: string;
  ends_at: string;
  invoice_id: string;
  payment_ref: string;
  /** What was paid before VAT for the period: the proration of a later change credits its unused part. */
  net: number;
  coupon: AppliedCoupon | null;
}

export type MembershipEvent =
  | { type: 'MembershipPurchased'; data: Paid }
  | { type: 'MembershipPlanChanged'; data: Paid & { previous: { package: ChosenPackage; plan: Plan | null }; proration_credit: number } }
  | { type: 'MembershipRenewed'; data: Paid }
  | {
      type: 'MembershipRenewalFailed';
      data: { business_id: string; at: string; attempt: number; reason: string; grace_ends_at: string; next_attempt_at: string | null };
    }
  | { type: 'MembershipLapsed'; data: { business_id: string; at: string; reason: 'cancelled' | 'unpaid'; previous: ChosenPackage } }
  | { type: 'MembershipCancellationScheduled'; data: { business_id: string; at: string; ends_at: string } }
  | { type: 'MembershipCancellationWithdrawn'; data: { business_id: string; at: string } }
  | { type: 'MembershipChangeScheduled'; data: { business_id: string; at: string; package: ChosenPackage; plan: Plan; starts_at: string } }
  | { type: 'MembershipTrialEnded'; data: { business_id: string; at: string; trial_ended_at: string } }
  | { type: 'InvoiceIssued'; data: { business_id: string; invoice: InvoiceDraft } }
  | {
      type: 'BillingDetailsUpdated';
      data: { business_id: string; name: string; address: string | null; country: string | null; vat_number: string | null; email: string | null };
    }
  | { type: 'PaymentMethodAdded'; data: { business_id: string; card: CardData; is_default: boolean; at: string } }
  | { type: 'PaymentMethodRemoved'; data: { business_id: string; payment_method_id: string; new_default_id: string | null } }
  | { type: 'DefaultPaymentMethodChanged'; data: { business_id: string; payment_method_id: string } };

/** The contract's list, which the activity log words too; each of its types is one of these events. */
export const MEMBERSHIP_EVENT_TYPES = EVENT_TYPES satisfies readonly MembershipEvent['type'][];

/** The account's events a membership starts from (read alongside its own stream). */
export const ACCOUNT_MEMBERSHIP_EVENT_TYPES = ['BusinessRegistered', 'MembershipTrialStarted', 'MembershipPackageChanged'] as const;
export type AccountMembershipEvent = Extract<AccountEvent, { type: (typeof ACCOUNT_MEMBERSHIP_EVENT_TYPES)[number] }>;
