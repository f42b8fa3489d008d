import type { AccountMembershipEvent, MembershipEvent, Paid } from './events';
import { FRESH_PERIOD, NO_PERIOD, type MembershipState } from './state';

function applyPaid(state: MembershipState, d: Paid): MembershipState {
  return {
    ...state,
    package: d.package,
    plan: d.plan,
    period_starts_at: d.starts_at,
    period_ends_at: d.ends_at,
    period_net: d.net,
    ...FRESH_PERIOD,
    coupon: d.coupon && d.coupon.months_left !== 0 ? d.coupon : null,
    payments: [...state.payments, d.payment_ref],
  };
}

/** An invoice is recorded with nothing credited; a credit note adds to what its invoice has had back. */
function applyInvoice(state: MembershipState, inv: Extract<MembershipEvent, { type: 'InvoiceIssued' }>['data']['invoice']): MembershipState {
  if (inv.kind === 'invoice') return { ...state, invoices: { ...state.invoices, [inv.id]: { total: inv.total, credited: 0 } } };
  const target = inv.credits_invoice_id ? state.invoices[inv.credits_invoice_id] : undefined;
  if (!target || !inv.credits_invoice_id) return state;
  return {
    ...state,
    payments: inv.payment_reference ? [...state.payments, inv.payment_reference] : state.payments,
    invoices: { ...state.invoices, [inv.credits_invoice_id]: { ...target, credited: target.credited - inv.total } },
  };
}

export function evolve(state: MembershipState, event: MembershipEvent | AccountMembershipEvent): MembershipState {
  switch (event.type) {
    case 'BusinessRegistered':
      return { ...state, business_id: event.data.business_id };
    case 'MembershipTrialStarted':
      return { ...state, trial_ends_at: event.data.ends_at };
    case 'MembershipPackageChanged': {
      const { package: pkg, plan, starts_at, ends_at } = event.data;
      return { ...state, package: pkg, plan, period_starts_at: starts_at, period_ends_at: ends_at, period_net: 0, ...FRESH_PERIOD };
    }
    case 'MembershipPurchased':
    case 'MembershipRenewed':
    case 'MembershipPlanChanged':
      return applyPaid(state, event.data);
    case 'MembershipRenewalFailed':
      return { ...state, renewal_attempts: event.data.attempt, grace_ends_at: event.data.grace_ends_at };
    case 'MembershipLapsed':
      return { ...state, package: 'FREE', ...NO_PERIOD };
    case 'MembershipCancellationScheduled':
      return { ...state, cancel_at_period_end: true, scheduled: null };
    case 'MembershipCancellationWithdrawn':
      return { ...state, cancel_at_period_end: false, scheduled: null };
    case 'MembershipChangeScheduled':
      return { ...state, cancel_at_period_end: false, scheduled: { package: event.data.package, plan: event.data.plan } };
    case 'MembershipTrialEnded':
      return { ...state, trial_ended: true };
    case 'InvoiceIssued':
      return applyInvoice(state, event.data.invoice);
    case 'BillingDetailsUpdated': {
      const { business_id: _id, ...details } = event.data;
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
