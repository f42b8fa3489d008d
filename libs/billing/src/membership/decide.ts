import type { ChosenPackage } from '@tabour/accounts';
import { PAID_PACKAGES, PLANS, type Plan } from '@tabour/contracts';
import { DomainError, invalid, notFound } from '@tabour/platform';
import { isSold } from '../pricing';
import type { MembershipCommand, PaidCommand } from './commands';
import type { MembershipEvent, Paid } from './events';
import { paidActive, type MembershipState } from './state';

type CommandOf<T extends MembershipCommand['type']> = Extract<MembershipCommand, { type: T }>;

const refuse = (code: 'same_package' | 'package_not_for_sale' | 'payment_method_in_use' | 'invoice_not_refundable', message: string, field?: string) =>
  invalid(message, field ? { [field]: [message] } : {}, code);

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

/** The paid periods: bought, renewed, failing to renew, lapsed. */
function decidePeriod(command: CommandOf<'Purchase' | 'Renew' | 'FailRenewal' | 'Lapse'>, state: MembershipState, business_id: string): MembershipEvent[] {
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
  }
}

/** What happens at the period's end: a cancellation, a change of package, the trial's end. */
function decideSchedule(
  command: CommandOf<'Cancel' | 'Resume' | 'ScheduleChange' | 'EndTrial'>,
  state: MembershipState,
  business_id: string,
): MembershipEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Cancel': {
      if (!paidActive(state, command.now)) throw new DomainError(409, 'There is no paid package to cancel', 'invalid_state');
      if (state.cancel_at_period_end) return [];
      return [{ type: 'MembershipCancellationScheduled', data: { business_id, at, ends_at: state.period_ends_at as string } }];
    }
    case 'Resume': {
      if (!state.cancel_at_period_end && !state.scheduled) return [];
      if (!paidActive(state, command.now)) throw new DomainError(409, 'The paid period has ended', 'invalid_state');
      return [{ type: 'MembershipCancellationWithdrawn', data: { business_id, at } }];
    }
    case 'ScheduleChange': {
      checkPlan(command.package, command.plan);
      if (!paidActive(state, command.now)) throw new DomainError(409, 'There is no paid package to change', 'invalid_state');
      if (command.package === 'FREE') {
        if (state.cancel_at_period_end) return [];
        return [{ type: 'MembershipCancellationScheduled', data: { business_id, at, ends_at: state.period_ends_at as string } }];
      }
      const plan = command.plan as Plan;
      if (command.package === state.package && plan === state.plan) throw refuse('same_package', 'This is already your package', 'package');
      if (state.scheduled?.package === command.package && state.scheduled.plan === plan) return [];
      return [{ type: 'MembershipChangeScheduled', data: { business_id, at, package: command.package, plan, starts_at: state.period_ends_at as string } }];
    }
    case 'EndTrial': {
      if (state.trial_ended || !state.trial_ends_at || new Date(state.trial_ends_at) > command.now) return [];
      // A business that chose a package before the trial's end moves to it, not to FREE.
      if (state.package) return [];
      return [{ type: 'MembershipTrialEnded', data: { business_id, at, trial_ended_at: state.trial_ends_at } }];
    }
  }
}

/** The refunds, the billing details and the saved cards. */
function decidePayments(
  command: CommandOf<'Refund' | 'UpdateBillingDetails' | 'AddPaymentMethod' | 'RemovePaymentMethod' | 'SetDefaultPaymentMethod'>,
  state: MembershipState,
  business_id: string,
): MembershipEvent[] {
  switch (command.type) {
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

export function decide(command: MembershipCommand, state: MembershipState): MembershipEvent[] {
  if (state.business_id === null) throw notFound('No business account found');
  switch (command.type) {
    case 'Purchase':
    case 'Renew':
    case 'FailRenewal':
    case 'Lapse':
      return decidePeriod(command, state, state.business_id);
    case 'Cancel':
    case 'Resume':
    case 'ScheduleChange':
    case 'EndTrial':
      return decideSchedule(command, state, state.business_id);
    default:
      return decidePayments(command, state, state.business_id);
  }
}
