import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ChosenPackage } from '@tabour/accounts';
import {
  isUpgrade,
  monthsLeftAfter,
  paidActive,
  periodEnd,
  priceOf,
  unusedCredit,
  type AppliedCoupon,
  type MembershipCommand,
  type MembershipState,
} from '@tabour/billing';
import type { CheckoutAnswer, CouponView, InvoiceLine, Plan, Quote } from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { Db, DomainError, invalid } from '@tabour/platform';
import { MembershipService } from '../accounts/membership.service';
import { Clock } from '../accounts/clock';
import { DB } from '../common/tokens';
import { CardProvider, CardRefused } from './card-provider';
import { PackageCatalogue } from './catalogue';
import { BillingCommands } from './commands';
import { CouponsService, termsOf } from './coupons';
import { draftInvoice, localDay, periodLine } from './drafts';
import { InvoiceQueries } from './invoices';
import { BillingParties, type Buyer } from './parties';

const declined = (reason: string) => new DomainError(402, 'Membership payment failed', 'payment_declined', { payment: [reason] });
const cardRequired = () => invalid('Add a payment method first', { payment_method_id: ['Add a payment method first'] }, 'payment_method_required');
const cardSetupRequired = () =>
  new DomainError(409, 'Add a card on the secure card page first', 'card_setup_required', { payment_method_id: ['Add a card on the secure card page first'] });

export interface CheckoutRequest {
  package: ChosenPackage;
  plan?: Plan | null;
  coupon?: string | null;
  payment_method_id?: string | null;
}

interface Priced {
  quote: Quote;
  coupon: CouponView | null;
  state: MembershipState;
  buyer: Buyer;
  name: string;
}

/** The stored form of a purchase waiting for the card holder (3-D Secure): its dates as text. */
type StoredPurchase = Omit<Extract<MembershipCommand, { type: 'Purchase' }>, 'now'> & { now: string };

/**
 * Buying a package, changing to another, cancelling and resuming (docs/billing.md). Money is
 * taken by the card provider first; the membership's events and the invoice follow in one
 * append, whose transaction numbers the invoice.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: BillingCommands,
    private readonly catalogue: PackageCatalogue,
    private readonly coupons: CouponsService,
    private readonly invoices: InvoiceQueries,
    private readonly provider: CardProvider,
    private readonly memberships: MembershipService,
    private readonly clock: Clock,
    private readonly parties: BillingParties,
  ) {}

  /** What a purchase of a package would cost now, with a coupon, the proration of the running period and VAT. */
  async price(tenantId: string, pkg: ChosenPackage, plan: Plan, couponCode: string | null | undefined, now: Date): Promise<Priced> {
    const [state, buyer, price] = await Promise.all([this.commands.load(tenantId), this.parties.buyer(tenantId), this.catalogue.price(pkg, plan)]);
    const coupon = couponCode ? await this.coupons.check(couponCode, tenantId, now, pkg) : null;
    const running = paidActive(state, now) && !state.grace_ends_at && state.period_starts_at && state.period_ends_at;
    const credit = running ? unusedCredit(state.period_net, new Date(state.period_starts_at!), new Date(state.period_ends_at!), now) : 0;
    const amounts = priceOf(price.amount, price.currency, coupon ? termsOf(coupon) : null, credit, buyer.vat);
    const quote: Quote = {
      package: pkg,
      plan,
      currency: price.currency,
      ...amounts,
      coupon,
      period_starts_at: now.toISOString(),
      period_ends_at: periodEnd(now, plan).toISOString(),
    };
    return { quote, coupon, state, buyer, name: price.name };
  }

  /** The purchase command of a priced checkout, with its invoice. */
  private purchaseCommand(tenantId: string, now: Date, p: Priced, paymentRef: string, invoiceId: string): Extract<MembershipCommand, { type: 'Purchase' }> {
    const q = p.quote;
    const zone = p.buyer.timeZone;
    const lines: InvoiceLine[] = [periodLine(p.name, q.package as ChosenPackage, q.plan, q.period_starts_at, q.period_ends_at, q.list_price, zone)];
    if (q.proration_credit > 0 && p.state.package && p.state.period_ends_at) {
      lines.push({
        description: `Unused time of the ${p.state.package} package (${p.state.plan ?? ''}) from ${localDay(now, zone)} to ${localDay(p.state.period_ends_at, zone)}, prorated`,
        package: p.state.package,
        plan: p.state.plan,
        period_starts_at: now.toISOString(),
        period_ends_at: p.state.period_ends_at,
        quantity: 1,
        unit_amount: -q.proration_credit,
        amount: -q.proration_credit,
      });
    }
    const coupon: AppliedCoupon | null = p.coupon ? { ...termsOf(p.coupon), months_left: monthsLeftAfter(p.coupon, q.plan) } : null;
    return {
      type: 'Purchase',
      business_id: tenantId,
      now,
      package: q.package as ChosenPackage,
      plan: q.plan,
      payment_ref: paymentRef,
      period_starts_at: q.period_starts_at,
      period_ends_at: q.period_ends_at,
      net: q.subtotal,
      coupon,
      proration_credit: q.proration_credit,
      invoice: draftInvoice(this.parties.seller, {
        id: invoiceId,
        kind: 'invoice',
        now,
        buyer: p.buyer,
        currency: q.currency,
        lines,
        coupon: p.coupon ? { code: p.coupon.code, discount: q.discount } : null,
        subtotal: q.subtotal,
        vat_rate: q.vat_rate,
        vat: q.vat,
        total: q.total,
        reverse_charge: q.reverse_charge,
        payment_reference: paymentRef,
      }),
    };
  }

  async answer(tenantId: string, status: CheckoutAnswer['status'], invoiceId: string | null, clientSecret: string | null = null): Promise<CheckoutAnswer> {
    return {
      status,
      membership: await this.memberships.view(tenantId),
      invoice: invoiceId ? await this.invoices.one(tenantId, invoiceId) : null,
      client_secret: clientSecret,
    };
  }

  /**
   * Buys a package, or moves to another: an upgrade (a dearer package, or monthly to yearly) is
   * paid at once with the unused time of the running period credited; a cheaper one, or FREE,
   * takes effect at the period's end, with nothing to pay now.
   */
  async checkout(tenantId: string, request: CheckoutRequest, actor: Actor): Promise<CheckoutAnswer> {
    const now = this.clock.now();
    const state = await this.commands.load(tenantId);
    const target = { package: request.package, plan: request.package === 'FREE' ? null : (request.plan ?? null) };
    // In grace (a renewal unpaid), any paid package is bought now: it replaces the unpaid period.
    const running = paidActive(state, now) && !state.grace_ends_at;
    if (target.package === 'FREE' || (running && !isUpgrade(state, target) && !(state.package === target.package && state.plan === target.plan))) {
      await this.commands.run({ type: 'ScheduleChange', business_id: tenantId, now, package: target.package, plan: target.plan }, actor);
      return this.answer(tenantId, 'scheduled', null);
    }
    if (!target.plan) throw invalid('Select a valid plan', { plan: ['Select a valid plan'] });
    if (running && state.package === target.package && state.plan === target.plan) {
      throw invalid('This is already your package', { package: ['This is already your package'] }, 'same_package');
    }
    const priced = await this.price(tenantId, target.package, target.plan, request.coupon, now);
    const card = priced.quote.total > 0 ? await this.parties.card(tenantId, request.payment_method_id) : null;
    if (priced.quote.total > 0 && !card) throw this.provider.kind === 'stripe' ? cardSetupRequired() : cardRequired();
    const invoiceId = randomUUID();
    const couponCode = priced.coupon?.code ?? null;
    if (couponCode) await this.coupons.reserve(couponCode, tenantId);
    let paymentRef = `none_${invoiceId}`;
    try {
      if (card) {
        const charged = await this.provider.charge({
          tenantId,
          customerRef: await this.parties.customer(tenantId, priced.buyer),
          cardRef: card.provider_ref,
          amount: priced.quote.total,
          currency: priced.quote.currency,
          idempotencyKey: `checkout-${invoiceId}`,
          description: `${priced.name} ${target.plan}`,
          offSession: false,
          metadata: { invoice_id: invoiceId, package: target.package, plan: target.plan },
        });
        paymentRef = charged.ref;
        if (charged.status === 'requires_action') {
          const stored: StoredPurchase = { ...this.purchaseCommand(tenantId, now, priced, paymentRef, invoiceId), now: now.toISOString() };
          await this.db
            .insertInto('billing_checkouts')
            .values({ payment_ref: paymentRef, tenant_id: tenantId, command: JSON.stringify(stored), status: 'pending', created_at: now })
            .execute();
          return this.answer(tenantId, 'requires_action', null, charged.client_secret);
        }
      }
    } catch (err) {
      if (couponCode) await this.coupons.release(couponCode, tenantId);
      if (err instanceof CardRefused) throw declined(err.decline);
      throw err;
    }
    try {
      await this.commands.run(this.purchaseCommand(tenantId, now, priced, paymentRef, invoiceId), actor);
    } catch (err) {
      // Paid but refused (a second click bought the same package first): the money goes back.
      if (card) await this.provider.refund(paymentRef, priced.quote.total, `void-${invoiceId}`);
      if (couponCode) await this.coupons.release(couponCode, tenantId);
      throw err;
    }
    if (couponCode) await this.coupons.redeemed(couponCode, tenantId, invoiceId);
    return this.answer(tenantId, 'succeeded', invoiceId);
  }

  /** A payment the card holder confirmed later (the webhook): the purchase stored with it is applied once. */
  async confirmCheckout(paymentRef: string, succeeded: boolean): Promise<boolean> {
    const pending = await this.db
      .selectFrom('billing_checkouts')
      .selectAll()
      .where('payment_ref', '=', paymentRef)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!pending) return false;
    const stored = pending.command as unknown as StoredPurchase;
    const code = stored.coupon?.code ?? null;
    if (!succeeded) {
      if (code) await this.coupons.release(code, pending.tenant_id);
      await this.db.updateTable('billing_checkouts').set({ status: 'failed' }).where('payment_ref', '=', paymentRef).execute();
      return true;
    }
    await this.commands.run({ ...stored, now: new Date(stored.now) }, { type: 'system', name: 'card payment confirmation' });
    if (code) await this.coupons.redeemed(code, pending.tenant_id, stored.invoice.id);
    await this.db.updateTable('billing_checkouts').set({ status: 'applied' }).where('payment_ref', '=', paymentRef).execute();
    return true;
  }

  async cancel(tenantId: string, actor: Actor): Promise<CheckoutAnswer> {
    await this.commands.run({ type: 'Cancel', business_id: tenantId, now: this.clock.now() }, actor);
    return this.answer(tenantId, 'scheduled', null);
  }

  async resume(tenantId: string, actor: Actor): Promise<CheckoutAnswer> {
    await this.commands.run({ type: 'Resume', business_id: tenantId, now: this.clock.now() }, actor);
    return this.answer(tenantId, 'succeeded', null);
  }
}
