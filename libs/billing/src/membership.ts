import type { AccountEvent, ChosenPackage } from '@tabour/accounts';
import { MEMBERSHIP_EVENT_TYPES as EVENT_TYPES, PACKAGE_RANK, PAID_PACKAGES, PLANS, type Invoice, type PaymentProvider, type Plan } from '@tabour/contracts';
import type { Decider } from '@tabour/eventstore';
import { DomainError, invalid, notFound } from '@tabour/platform';
import { isSold, type CouponTerms } from './pricing';

export const membershipStream = (businessId: string) => `membership-${businessId}`;

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

interface Paid {
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
type AccountMembershipEvent = Extract<AccountEvent, { type: (typeof ACCOUNT_MEMBERSHIP_EVENT_TYPES)[number] }>;

interface PaidCommand {
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

export interface MembershipState {
  business_id: string | null;
  trial_ends_at: string | null;
  trial_ended: boolean;
  package: ChosenPackage | null;
  plan: Plan | null;
  period_starts_at: string | null;
  period_ends_at: string | null;
  /** Net paid for the current period. */
  period_net: number;
  grace_ends_at: string | null;
  renewal_attempts: number;
  cancel_at_period_end: boolean;
  scheduled: { package: ChosenPackage; plan: Plan } | null;
  coupon: AppliedCoupon | null;
  /** Payments already applied: a webhook or a retry carrying one again changes nothing. */
  payments: string[];
  invoices: Record<string, { total: number; credited: number }>;
  cards: { id: string; is_default: boolean }[];
  details: { name: string; address: string | null; country: string | null; vat_number: string | null; email: string | null } | null;
}

const refuse = (code: 'same_package' | 'package_not_for_sale' | 'payment_method_in_use' | 'invoice_not_refundable', message: string, field?: string) =>
  invalid(message, field ? { [field]: [message] } : {}, code);

/** Whether a paid package (not FREE) runs at `now`: its period, or its grace after a failed renewal. */
export function paidActive(state: MembershipState, now: Date): boolean {
  if (!state.package || state.package === 'FREE' || !state.period_ends_at) return false;
  const t = now.getTime();
  return t < new Date(state.period_ends_at).getTime() || (state.grace_ends_at !== null && t < new Date(state.grace_ends_at).getTime());
}

function checkPlan(pkg: ChosenPackage, plan: Plan | null): void {
  if (!PAID_PACKAGES.includes(pkg)) throw invalid('Select a valid package', { package: ['Select a valid package'] });
  if (pkg !== 'FREE' && (plan === null || !PLANS.includes(plan))) throw invalid('Select a valid plan', { plan: ['Select a valid plan'] });
}

function paid(c: PaidCommand): Paid {
  return {
    business_id: c.business_id,
    package: c.package,
    plan: c.plan,
    starts_at: c.period_starts_at,
    ends_at: c.period_ends_at,
    invoice_id: c.invoice.id,
    payment_ref: c.payment_ref,
    net: c.net,
    coupon: c.coupon,
  };
}

function decide(command: MembershipCommand, state: MembershipState): MembershipEvent[] {
  if (state.business_id === null) throw notFound('No business account found');
  const business_id = state.business_id;
  switch (command.type) {
    case 'Purchase': {
      if (state.payments.includes(command.payment_ref)) return [];
      checkPlan(command.package, command.plan);
      if (!isSold(command.package)) throw refuse('package_not_for_sale', 'This package is not for sale', 'package');
      const invoice: MembershipEvent = { type: 'InvoiceIssued', data: { business_id, invoice: command.invoice } };
      // In grace the period was not paid: buying again starts a new period, whatever the package.
      if (paidActive(state, command.now) && !state.grace_ends_at && state.package && state.package !== 'FREE') {
        if (state.package === command.package && state.plan === command.plan) throw refuse('same_package', 'This is already your package', 'package');
        const previous = { package: state.package, plan: state.plan };
        return [{ type: 'MembershipPlanChanged', data: { ...paid(command), previous, proration_credit: command.proration_credit } }, invoice];
      }
      return [{ type: 'MembershipPurchased', data: paid(command) }, invoice];
    }
    case 'Renew': {
      if (state.payments.includes(command.payment_ref)) return [];
      if (!state.package || state.package === 'FREE' || state.cancel_at_period_end) throw new DomainError(409, 'There is nothing to renew', 'invalid_state');
      checkPlan(command.package, command.plan);
      return [
        { type: 'MembershipRenewed', data: paid(command) },
        { type: 'InvoiceIssued', data: { business_id, invoice: command.invoice } },
      ];
    }
    case 'FailRenewal': {
      if (!state.package || state.package === 'FREE') return [];
      return [
        {
          type: 'MembershipRenewalFailed',
          data: {
            business_id,
            at: command.now.toISOString(),
            attempt: state.renewal_attempts + 1,
            reason: command.reason,
            grace_ends_at: state.grace_ends_at ?? command.grace_ends_at,
            next_attempt_at: command.next_attempt_at,
          },
        },
      ];
    }
    case 'Lapse': {
      if (!state.package || state.package === 'FREE') return [];
      return [{ type: 'MembershipLapsed', data: { business_id, at: command.now.toISOString(), reason: command.reason, previous: state.package } }];
    }
    case 'Cancel': {
      if (!paidActive(state, command.now)) throw new DomainError(409, 'There is no paid package to cancel', 'invalid_state');
      if (state.cancel_at_period_end) return [];
      return [{ type: 'MembershipCancellationScheduled', data: { business_id, at: command.now.toISOString(), ends_at: state.period_ends_at as string } }];
    }
    case 'Resume': {
      if (!state.cancel_at_period_end && !state.scheduled) return [];
      if (!paidActive(state, command.now)) throw new DomainError(409, 'The paid period has ended', 'invalid_state');
      return [{ type: 'MembershipCancellationWithdrawn', data: { business_id, at: command.now.toISOString() } }];
    }
    case 'ScheduleChange': {
      checkPlan(command.package, command.plan);
      if (!paidActive(state, command.now)) throw new DomainError(409, 'There is no paid package to change', 'invalid_state');
      if (command.package === 'FREE') {
        if (state.cancel_at_period_end) return [];
        return [{ type: 'MembershipCancellationScheduled', data: { business_id, at: command.now.toISOString(), ends_at: state.period_ends_at as string } }];
      }
      const plan = command.plan as Plan;
      if (command.package === state.package && plan === state.plan) throw refuse('same_package', 'This is already your package', 'package');
      if (state.scheduled?.package === command.package && state.scheduled.plan === plan) return [];
      return [
        {
          type: 'MembershipChangeScheduled',
          data: { business_id, at: command.now.toISOString(), package: command.package, plan, starts_at: state.period_ends_at as string },
        },
      ];
    }
    case 'EndTrial': {
      if (state.trial_ended || !state.trial_ends_at || new Date(state.trial_ends_at) > command.now) return [];
      // A business that chose a package before the trial's end moves to it, not to FREE.
      if (state.package) return [];
      return [{ type: 'MembershipTrialEnded', data: { business_id, at: command.now.toISOString(), trial_ended_at: state.trial_ends_at } }];
    }
    case 'Refund': {
      if (state.payments.includes(command.payment_ref)) return [];
      const invoice = state.invoices[command.invoice_id];
      if (!invoice) throw notFound('No such invoice');
      const amount = -command.credit_note.total;
      if (command.credit_note.kind !== 'credit_note' || amount <= 0 || invoice.credited + amount > invoice.total) {
        throw refuse('invoice_not_refundable', 'The refund is larger than what is left of the invoice', 'amount');
      }
      return [{ type: 'InvoiceIssued', data: { business_id, invoice: command.credit_note } }];
    }
    case 'UpdateBillingDetails': {
      const { type: _type, business_id: _id, ...details } = command;
      void _type;
      void _id;
      if (state.details && JSON.stringify(state.details) === JSON.stringify(details)) return [];
      return [{ type: 'BillingDetailsUpdated', data: { business_id, ...details } }];
    }
    case 'AddPaymentMethod': {
      if (state.cards.some((c) => c.id === command.card.id)) return [];
      const is_default = command.make_default || state.cards.length === 0;
      return [{ type: 'PaymentMethodAdded', data: { business_id, card: command.card, is_default, at: command.now.toISOString() } }];
    }
    case 'RemovePaymentMethod': {
      const card = state.cards.find((c) => c.id === command.payment_method_id);
      if (!card && command.gone) return [];
      if (!card) throw notFound('No such payment method');
      const renews = state.package !== null && state.package !== 'FREE' && !state.cancel_at_period_end;
      // A card the provider no longer has cannot pay a renewal either: keeping it would only hide why the renewal fails.
      if (renews && state.cards.length === 1 && !command.gone) {
        throw refuse('payment_method_in_use', 'Your package renews with this card: add another card or cancel the renewal first');
      }
      const next = card.is_default ? (state.cards.find((c) => c.id !== card.id)?.id ?? null) : null;
      return [{ type: 'PaymentMethodRemoved', data: { business_id, payment_method_id: card.id, new_default_id: next } }];
    }
    case 'SetDefaultPaymentMethod': {
      const card = state.cards.find((c) => c.id === command.payment_method_id);
      if (!card) throw notFound('No such payment method');
      if (card.is_default) return [];
      return [{ type: 'DefaultPaymentMethodChanged', data: { business_id, payment_method_id: card.id } }];
    }
  }
}

function applyPaid(state: MembershipState, d: Paid): MembershipState {
  return {
    ...state,
    package: d.package,
    plan: d.plan,
    period_starts_at: d.starts_at,
    period_ends_at: d.ends_at,
    period_net: d.net,
    grace_ends_at: null,
    renewal_attempts: 0,
    cancel_at_period_end: false,
    scheduled: null,
    coupon: d.coupon && d.coupon.months_left !== 0 ? d.coupon : null,
    payments: [...state.payments, d.payment_ref],
  };
}

function evolve(state: MembershipState, event: MembershipEvent | AccountMembershipEvent): MembershipState {
  switch (event.type) {
    case 'BusinessRegistered':
      return { ...state, business_id: event.data.business_id };
    case 'MembershipTrialStarted':
      return { ...state, trial_ends_at: event.data.ends_at };
    case 'MembershipPackageChanged':
      return {
        ...state,
        package: event.data.package,
        plan: event.data.plan,
        period_starts_at: event.data.starts_at,
        period_ends_at: event.data.ends_at,
        period_net: 0,
        grace_ends_at: null,
        renewal_attempts: 0,
        cancel_at_period_end: false,
        scheduled: null,
      };
    case 'MembershipPurchased':
    case 'MembershipRenewed':
    case 'MembershipPlanChanged':
      return applyPaid(state, event.data);
    case 'MembershipRenewalFailed':
      return { ...state, renewal_attempts: event.data.attempt, grace_ends_at: event.data.grace_ends_at };
    case 'MembershipLapsed':
      return {
        ...state,
        package: 'FREE',
        plan: null,
        period_starts_at: null,
        period_ends_at: null,
        period_net: 0,
        grace_ends_at: null,
        renewal_attempts: 0,
        cancel_at_period_end: false,
        scheduled: null,
        coupon: null,
      };
    case 'MembershipCancellationScheduled':
      return { ...state, cancel_at_period_end: true, scheduled: null };
    case 'MembershipCancellationWithdrawn':
      return { ...state, cancel_at_period_end: false, scheduled: null };
    case 'MembershipChangeScheduled':
      return { ...state, cancel_at_period_end: false, scheduled: { package: event.data.package, plan: event.data.plan } };
    case 'MembershipTrialEnded':
      return { ...state, trial_ended: true };
    case 'InvoiceIssued': {
      const inv = event.data.invoice;
      if (inv.kind === 'invoice') return { ...state, invoices: { ...state.invoices, [inv.id]: { total: inv.total, credited: 0 } } };
      const target = inv.credits_invoice_id ? state.invoices[inv.credits_invoice_id] : undefined;
      if (!target || !inv.credits_invoice_id) return state;
      return {
        ...state,
        payments: inv.payment_reference ? [...state.payments, inv.payment_reference] : state.payments,
        invoices: { ...state.invoices, [inv.credits_invoice_id]: { ...target, credited: target.credited - inv.total } },
      };
    }
    case 'BillingDetailsUpdated': {
      const { business_id: _id, ...details } = event.data;
      void _id;
      return { ...state, details };
    }
    case 'PaymentMethodAdded': {
      const cards = event.data.is_default ? state.cards.map((c) => ({ ...c, is_default: false })) : state.cards;
      return { ...state, cards: [...cards, { id: event.data.card.id, is_default: event.data.is_default }] };
    }
    case 'PaymentMethodRemoved':
      return {
        ...state,
        cards: state.cards
          .filter((c) => c.id !== event.data.payment_method_id)
          .map((c) => (c.id === event.data.new_default_id ? { ...c, is_default: true } : c)),
      };
    case 'DefaultPaymentMethodChanged':
      return { ...state, cards: state.cards.map((c) => ({ ...c, is_default: c.id === event.data.payment_method_id })) };
  }
}

export const membershipDecider: Decider<MembershipCommand, MembershipState, MembershipEvent | AccountMembershipEvent> = {
  initialState: () => ({
    business_id: null,
    trial_ends_at: null,
    trial_ended: false,
    package: null,
    plan: null,
    period_starts_at: null,
    period_ends_at: null,
    period_net: 0,
    grace_ends_at: null,
    renewal_attempts: 0,
    cancel_at_period_end: false,
    scheduled: null,
    coupon: null,
    payments: [],
    invoices: {},
    cards: [],
    details: null,
  }),
  decide,
  evolve: (state, event) => evolve(state, event) ?? state,
};

/** Whether moving from one package and plan to another costs more now (an upgrade, paid at once) or less (scheduled at the period's end). */
export function isUpgrade(from: { package: ChosenPackage | null; plan: Plan | null }, to: { package: ChosenPackage; plan: Plan | null }): boolean {
  if (!from.package || from.package === 'FREE') return true;
  const a = PACKAGE_RANK[from.package];
  const b = PACKAGE_RANK[to.package];
  if (b !== a) return b > a;
  return from.plan === 'monthly' && to.plan === 'yearly';
}
