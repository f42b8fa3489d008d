import { specification } from '@tabour/eventstore/testing';
import { membershipDecider, type InvoiceDraft, type MembershipCommand, type MembershipEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const T0 = new Date('2026-11-22T08:00:00Z');
const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const party = { name: 'X', address: null, country: 'FR', vat_number: null, email: null };

const registered = [
  {
    type: 'BusinessRegistered' as const,
    data: {
      business_id: B,
      name: 'Clinic',
      email: 'o@example.test',
      phone: null,
      country: 'FR',
      owner: { user_id: 'u', first_name: 'O', last_name: 'P', email: 'o@example.test' },
      registered_at: T0.toISOString(),
      owner_credential_id: null,
    },
  },
  { type: 'MembershipTrialStarted' as const, data: { business_id: B, starts_at: T0.toISOString(), ends_at: at(14).toISOString(), sms_allowance: 200 } },
];

const invoice = (id: string, total: number, kind: 'invoice' | 'credit_note' = 'invoice', credits: string | null = null): InvoiceDraft => ({
  id,
  kind,
  issued_at: T0.toISOString(),
  currency: 'EUR',
  seller: party,
  buyer: party,
  lines: [],
  coupon: null,
  subtotal: total,
  vat_rate: 0,
  vat: 0,
  total,
  reverse_charge: false,
  payment_reference: null,
  credits_invoice_id: credits,
});

const purchase = (over: Partial<Extract<MembershipCommand, { type: 'Purchase' }>> = {}): MembershipCommand => ({
  type: 'Purchase',
  business_id: B,
  now: at(2),
  package: 'LIBERUP',
  plan: 'monthly',
  payment_ref: 'pi_1',
  period_starts_at: at(2).toISOString(),
  period_ends_at: at(32).toISOString(),
  net: 2900,
  coupon: null,
  proration_credit: 0,
  invoice: invoice('inv-1', 3480),
  ...over,
});

const spec = specification(membershipDecider);
const history = (...commands: MembershipCommand[]): MembershipEvent[] => {
  const events: MembershipEvent[] = [];
  let state = [...registered].reduce(membershipDecider.evolve, membershipDecider.initialState());
  for (const c of commands) {
    const out = membershipDecider.decide(c, state) as MembershipEvent[];
    events.push(...out);
    state = out.reduce(membershipDecider.evolve, state);
  }
  return events;
};
const bought = () => [...registered, ...history(purchase())];
/** The history after a purchase and then these commands. */
const boughtThen = (...commands: MembershipCommand[]) => [...registered, ...history(purchase(), ...commands)];

describe('membership decider', () => {
  it('buys a package during the trial: the membership and its invoice', () => {
    spec
      .given(registered)
      .when(purchase())
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['MembershipPurchased', 'InvoiceIssued']);
        expect(state).toMatchObject({ package: 'LIBERUP', plan: 'monthly', period_ends_at: at(32).toISOString(), period_net: 2900 });
      });
  });

  it('applies a payment once: the same payment again (a webhook repeated) changes nothing', () => {
    spec.given(bought()).when(purchase()).thenNothingHappens();
  });

  it('refuses the package already running, and a package that is not sold', () => {
    spec
      .given(bought())
      .when(purchase({ payment_ref: 'pi_2' }))
      .thenRefuses({ code: 'same_package', status: 422 });
    spec
      .given(registered)
      .when(purchase({ package: 'FREE' }))
      .thenRefuses({ code: 'package_not_for_sale' });
  });

  it('changes the plan mid-period as a change with the proration it was given', () => {
    spec
      .given(bought())
      .when(purchase({ payment_ref: 'pi_2', package: 'LIBERPRO', proration_credit: 1450, invoice: invoice('inv-2', 7000) }))
      .then((events) => {
        expect(events[0]).toMatchObject({
          type: 'MembershipPlanChanged',
          data: { package: 'LIBERPRO', previous: { package: 'LIBERUP', plan: 'monthly' }, proration_credit: 1450 },
        });
      });
  });

  it('renews, fails a renewal into grace keeping the first grace end, then lapses to FREE', () => {
    const renew: MembershipCommand = { ...(purchase({ payment_ref: 'pi_r' }) as Extract<MembershipCommand, { type: 'Purchase' }>), type: 'Renew' };
    spec
      .given(bought())
      .when(renew)
      .then((events) => expect(events.map((e) => e.type)).toEqual(['MembershipRenewed', 'InvoiceIssued']));
    const fail = (now: Date): MembershipCommand => ({
      type: 'FailRenewal',
      business_id: B,
      now,
      reason: 'card_declined',
      grace_ends_at: new Date(now.getTime() + 7 * DAY).toISOString(),
      next_attempt_at: null,
    });
    const once = boughtThen(fail(at(32)));
    const afterFirst = spec
      .given(once)
      .when(fail(at(33)))
      .outcome();
    expect(afterFirst.events[0].data).toMatchObject({ attempt: 2, grace_ends_at: at(39).toISOString() });
    // Paying again during grace starts a new period of the same package.
    spec
      .given(once)
      .when(purchase({ payment_ref: 'pi_grace', now: at(34), period_starts_at: at(34).toISOString(), period_ends_at: at(64).toISOString() }))
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['MembershipPurchased', 'InvoiceIssued']);
        expect(state).toMatchObject({ grace_ends_at: null, renewal_attempts: 0, period_ends_at: at(64).toISOString() });
      });
    spec
      .given(once)
      .when({ type: 'Lapse', business_id: B, now: at(39), reason: 'unpaid' })
      .then((events, state) => {
        expect(events).toEqual([{ type: 'MembershipLapsed', data: { business_id: B, at: at(39).toISOString(), reason: 'unpaid', previous: 'LIBERUP' } }]);
        expect(state).toMatchObject({ package: 'FREE', plan: null, grace_ends_at: null });
      });
  });

  it('cancels at the period end, and takes the cancellation back while the period runs', () => {
    const cancel: MembershipCommand = { type: 'Cancel', business_id: B, now: at(5) };
    spec
      .given(bought())
      .when(cancel)
      .then([{ type: 'MembershipCancellationScheduled', data: { business_id: B, at: at(5).toISOString(), ends_at: at(32).toISOString() } }]);
    const cancelled = boughtThen(cancel);
    spec.given(cancelled).when(cancel).thenNothingHappens();
    spec
      .given(cancelled)
      .when({ type: 'Resume', business_id: B, now: at(6) })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['MembershipCancellationWithdrawn']));
    spec.given(registered).when(cancel).thenRefuses({ code: 'invalid_state', status: 409 });
  });

  it('schedules a cheaper plan for the next period; FREE is a cancellation', () => {
    spec
      .given(bought())
      .when({ type: 'ScheduleChange', business_id: B, now: at(5), package: 'LIBERUP', plan: 'yearly' })
      .then((events) => expect(events[0]).toMatchObject({ type: 'MembershipChangeScheduled', data: { plan: 'yearly', starts_at: at(32).toISOString() } }));
    spec
      .given(bought())
      .when({ type: 'ScheduleChange', business_id: B, now: at(5), package: 'FREE', plan: null })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['MembershipCancellationScheduled']));
  });

  it('ends the trial once it ran out, unless a package was bought', () => {
    const end: MembershipCommand = { type: 'EndTrial', business_id: B, now: at(14) };
    spec
      .given(registered)
      .when(end)
      .then([{ type: 'MembershipTrialEnded', data: { business_id: B, at: at(14).toISOString(), trial_ended_at: at(14).toISOString() } }]);
    spec
      .given(registered)
      .when({ ...end, now: at(13) })
      .thenNothingHappens();
    spec.given(bought()).when(end).thenNothingHappens();
  });

  it('refunds no more than what is left of an invoice', () => {
    const refund = (ref: string, total: number): MembershipCommand => ({
      type: 'Refund',
      business_id: B,
      now: at(3),
      invoice_id: 'inv-1',
      payment_ref: ref,
      credit_note: { ...invoice(`cn-${ref}`, -total, 'credit_note', 'inv-1'), payment_reference: ref },
    });
    spec
      .given(bought())
      .when(refund('re_1', 1000))
      .then((events) => expect(events[0]).toMatchObject({ type: 'InvoiceIssued', data: { invoice: { kind: 'credit_note', total: -1000 } } }));
    const once = boughtThen(refund('re_1', 1000));
    spec.given(once).when(refund('re_1', 1000)).thenNothingHappens();
    spec.given(once).when(refund('re_2', 2500)).thenRefuses({ code: 'invoice_not_refundable' });
    spec
      .given(once)
      .when({ ...refund('re_3', 1), invoice_id: 'nope' } as MembershipCommand)
      .thenRefuses({ status: 404 });
  });

  it('keeps one default card, and refuses to remove the only card of a package that renews', () => {
    const card = (id: string) => ({ id, provider: 'test' as const, provider_ref: `tok_${id}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    const add = (id: string, make_default = false): MembershipCommand => ({ type: 'AddPaymentMethod', business_id: B, now: T0, card: card(id), make_default });
    const one = boughtThen(add('c1'));
    expect(spec.given(one).state.cards).toEqual([{ id: 'c1', is_default: true }]);
    spec.given(one).when({ type: 'RemovePaymentMethod', business_id: B, payment_method_id: 'c1' }).thenRefuses({ code: 'payment_method_in_use' });
    const two = boughtThen(add('c1'), add('c2', true));
    expect(spec.given(two).state.cards).toEqual([
      { id: 'c1', is_default: false },
      { id: 'c2', is_default: true },
    ]);
    spec
      .given(two)
      .when({ type: 'RemovePaymentMethod', business_id: B, payment_method_id: 'c2' })
      .then([{ type: 'PaymentMethodRemoved', data: { business_id: B, payment_method_id: 'c2', new_default_id: 'c1' } }]);
    spec.given(two).when({ type: 'SetDefaultPaymentMethod', business_id: B, payment_method_id: 'c2' }).thenNothingHappens();
  });

  it('drops a card the provider detached, even the only one a renewal needs, and once', () => {
    const card = (id: string) => ({ id, provider: 'stripe' as const, provider_ref: `pm_${id}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    const one = boughtThen({ type: 'AddPaymentMethod', business_id: B, now: T0, card: card('c1'), make_default: false });
    spec
      .given(one)
      .when({ type: 'RemovePaymentMethod', business_id: B, payment_method_id: 'c1', gone: true })
      .then([{ type: 'PaymentMethodRemoved', data: { business_id: B, payment_method_id: 'c1', new_default_id: null } }]);
    const removed = [...one, { type: 'PaymentMethodRemoved' as const, data: { business_id: B, payment_method_id: 'c1', new_default_id: null } }];
    spec.given(removed).when({ type: 'RemovePaymentMethod', business_id: B, payment_method_id: 'c1', gone: true }).thenNothingHappens();
  });

  it('refuses another business: an unknown business answers 404', () => {
    spec.given([]).when(purchase()).thenRefuses({ status: 404 });
  });
});
