import type { ChosenPackage } from '@tabour/accounts';
import type { Plan } from '@tabour/contracts';
import type { AppliedCoupon, CardData, InvoiceDraft } from './events';

export interface PaidCommand {
  business_id: string;
  now: Date;
  package: ChosenPackage;
  plan: Plan;
  payment_ref: string;
  period_starts_at: string;
  period_ends_at: string;
  net: number;
  coupon: AppliedCoupon | null;
  invoice: InvoiceDraft;
}

export type MembershipCommand =
  | ({ type: 'Purchase'; proration_credit: number } & PaidCommand)
  | ({ type: 'Renew' } & PaidCommand)
  | { type: 'FailRenewal'; business_id: string; now: Date; reason: string; grace_ends_at: string; next_attempt_at: string | null }
  | { type: 'Lapse'; business_id: string; now: Date; reason: 'cancelled' | 'unpaid' }
  | { type: 'Cancel'; business_id: string; now: Date }
  | { type: 'Resume'; business_id: string; now: Date }
  | { type: 'ScheduleChange'; business_id: string; now: Date; package: ChosenPackage; plan: Plan | null }
  | { type: 'EndTrial'; business_id: string; now: Date }
  | { type: 'Refund'; business_id: string; now: Date; invoice_id: string; payment_ref: string; credit_note: InvoiceDraft }
  | {
      type: 'UpdateBillingDetails';
      business_id: string;
      name: string;
      address: string | null;
      country: string | null;
      vat_number: string | null;
      email: string | null;
    }
  | { type: 'AddPaymentMethod'; business_id: string; now: Date; card: CardData; make_default: boolean }
  /** gone: the provider already detached the card (Stripe says so), so it leaves the list even if a renewal needs it. */
  | { type: 'RemovePaymentMethod'; business_id: string; payment_method_id: string; gone?: boolean }
  | { type: 'SetDefaultPaymentMethod'; business_id: string; payment_method_id: string };
