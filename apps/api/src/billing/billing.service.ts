import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ChosenPackage } from '@tabour/accounts';
import {
  checkVatNumber,
  isUpgrade,
  monthsLeftAfter,
  paidActive,
  periodEnd,
  priceOf,
  unusedCredit,
  vatFor,
  type AppliedCoupon,
  type CouponTerms,
  type InvoiceDraft,
  type MembershipCommand,
  type MembershipState,
  type VatTreatment,
} from '@tabour/billing';
import type {
  BillingDetails,
  CardSession,
  CardSessionReturn,
  CheckoutAnswer,
  CouponView,
  Invoice,
  InvoiceLine,
  InvoiceParty,
  Plan,
  Quote,
  SavedCard,
} from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { Notifier } from '@tabour/notifications';
import { AppConfig, Db, DomainError, invalid, notFound } from '@tabour/platform';
import { DateTime } from 'luxon';
import { MembershipService } from '../accounts/membership.service';
import { Clock } from '../accounts/clock';
import { APP_CONFIG, DB } from '../common/tokens';
import { BusinessCalendar, BusinessDirectory } from '../organisation/calendar';
import { CardInput, CardProvider, CardRefused } from './card-provider';
import { PackageCatalogue } from './catalogue';
import { BillingCommands } from './commands';
import { CouponsService, termsOf } from './coupons';
import { InvoiceQueries } from './invoices';

const DAY = 24 * 3600 * 1000;
const SYSTEM: Actor = { type: 'system', name: 'membership renewal' };

const declined = (reason: string) => new DomainError(402, 'Membership payment failed', 'payment_declined', { payment: [reason] });
const cardFailed = (reason: string) => new DomainError(422, 'Cannot add payment method', 'payment_method_failed', { payment_method: [reason] });
const cardRequired = () => invalid('Add a payment method first', { payment_method_id: ['Add a payment method first'] }, 'payment_method_required');
const cardSetupRequired = () =>
  new DomainError(409, 'Add a card on the secure card page first', 'card_setup_required', { payment_method_id: ['Add a card on the secure card page first'] });
const testForm = () => new DomainError(409, 'This installation takes its test cards in the payment form, not on a card page', 'card_test_form');
const securePage = () =>
  new DomainError(422, 'Card numbers are not accepted here: add the card on the secure card page', 'card_secure_page', {
    card_number: ['Add the card on the secure card page'],
  });

/**
 * A card saved through the provider's page is named by its reference, so the same card told
 * twice (a webhook delivered again, two instances at once) is the same command, applied once.
 */
const cardIdOf = (tenantId: string, providerRef: string): string => {
  const h = createHash('sha256').update(`card:${tenantId}:${providerRef}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export interface CheckoutRequest {
  package: ChosenPackage;
  plan?: Plan | null;
  coupon?: string | null;
  payment_method_id?: string | null;
}

interface Buyer {
  tenantId: string;
  party: InvoiceParty;
  vat: VatTreatment;
  timeZone: string;
  ownerEmail: string;
  ownerName: string;
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
 * Buying, changing, renewing and cancelling a membership, the business's billing details and
 * cards, and refunds (docs/billing.md). Money is taken by the card provider first; the
 * membership's events and the invoice follow in one append, whose transaction numbers the
 * invoice.
 */
@Injectable()
export class BillingService {
  private readonly log = new Logger('billing');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: BillingCommands,
    private readonly catalogue: PackageCatalogue,
    private readonly coupons: CouponsService,
    private readonly invoices: InvoiceQueries,
    private readonly provider: CardProvider,
    private readonly memberships: MembershipService,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly businesses: BusinessDirectory,
    private readonly calendar: BusinessCalendar,
  ) {}

  get seller(): InvoiceParty {
    const s = this.config.billing.seller;
    return { name: s.name, address: s.address, country: s.country, vat_number: s.vatNumber, email: s.email };
  }

  /** Who is billed: the billing details the business gave, else its profile; and the VAT that applies. */
  async buyer(tenantId: string): Promise<Buyer> {
    const [details, account, profile, timeZone, owner] = await Promise.all([
      this.db.selectFrom('billing_details').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst(),
      this.db.selectFrom('business_accounts').select(['name', 'email', 'country', 'owner_user_id']).where('tenant_id', '=', tenantId).executeTakeFirst(),
      this.businesses.profile(tenantId),
      this.calendar.zone(tenantId),
      this.db
        .selectFrom('business_accounts as a')
        .innerJoin('users as u', 'u.id', 'a.owner_user_id')
        .select(['u.email', 'u.first_name'])
        .where('a.tenant_id', '=', tenantId)
        .executeTakeFirst(),
    ]);
    if (!account) throw notFound('No business account found');
    const profileAddress = profile ? [profile.address, [profile.postal_code, profile.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null;
    const country = (details?.country ?? profile?.country ?? account.country ?? null)?.toUpperCase() ?? null;
    const party: InvoiceParty = {
      name: details?.name ?? account.name,
      address: details?.address ?? profileAddress,
      country,
      vat_number: details?.vat_number ?? null,
      email: details?.email ?? account.email,
    };
    return {
      tenantId,
      party,
      vat: vatFor(this.config.billing.seller.country, country, party.vat_number),
      timeZone,
      ownerEmail: owner?.email ?? account.email,
      ownerName: owner?.first_name ?? account.name,
    };
  }

  async vat(tenantId: string): Promise<VatTreatment> {
    return (await this.buyer(tenantId)).vat;
  }

  /** What a purchase of a package would cost now, with a coupon, the proration of the running period and VAT. */
  async price(tenantId: string, pkg: ChosenPackage, plan: Plan, couponCode: string | null | undefined, now: Date): Promise<Priced> {
    const [state, buyer, price] = await Promise.all([this.commands.load(tenantId), this.buyer(tenantId), this.catalogue.price(pkg, plan)]);
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

  private day(at: string | Date, zone: string): string {
    return DateTime.fromJSDate(new Date(at)).setZone(zone).toISODate() ?? '';
  }

  private draft(args: {
    id: string;
    kind: 'invoice' | 'credit_note';
    now: Date;
    buyer: Buyer;
    currency: string;
    lines: InvoiceLine[];
    coupon: { code: string; discount: number } | null;
    subtotal: number;
    vat_rate: number;
    vat: number;
    total: number;
    reverse_charge: boolean;
    payment_reference: string | null;
    credits_invoice_id?: string | null;
  }): InvoiceDraft {
    return {
      id: args.id,
      kind: args.kind,
      issued_at: args.now.toISOString(),
      currency: args.currency,
      seller: this.seller,
      buyer: args.buyer.party,
      lines: args.lines,
      coupon: args.coupon,
      subtotal: args.subtotal,
      vat_rate: args.vat_rate,
      vat: args.vat,
      total: args.total,
      reverse_charge: args.reverse_charge,
      payment_reference: args.payment_reference,
      credits_invoice_id: args.credits_invoice_id ?? null,
    };
  }

  private periodLine(name: string, pkg: ChosenPackage, plan: Plan, from: string, to: string, amount: number, zone: string): InvoiceLine {
    return {
      description: `${name} package, ${plan === 'monthly' ? 'monthly' : 'yearly'} plan, ${this.day(from, zone)} to ${this.day(to, zone)}`,
      package: pkg,
      plan,
      period_starts_at: from,
      period_ends_at: to,
      quantity: 1,
      unit_amount: amount,
      amount,
    };
  }

  /** The purchase command of a priced checkout, with its invoice. */
  private purchaseCommand(tenantId: string, now: Date, p: Priced, paymentRef: string, invoiceId: string): Extract<MembershipCommand, { type: 'Purchase' }> {
    const q = p.quote;
    const zone = p.buyer.timeZone;
    const lines: InvoiceLine[] = [this.periodLine(p.name, q.package as ChosenPackage, q.plan, q.period_starts_at, q.period_ends_at, q.list_price, zone)];
    if (q.proration_credit > 0 && p.state.package && p.state.period_ends_at) {
      lines.push({
        description: `Unused time of the ${p.state.package} package (${p.state.plan ?? ''}) from ${this.day(now, zone)} to ${this.day(p.state.period_ends_at, zone)}, prorated`,
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
      invoice: this.draft({
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

  private async card(tenantId: string, id: string | null | undefined) {
    let q = this.db.selectFrom('payment_methods').selectAll().where('tenant_id', '=', tenantId);
    q = id ? q.where('id', '=', id) : q.where('is_default', '=', true);
    const card = await q.executeTakeFirst();
    if (id && !card) throw notFound('No such payment method');
    return card ?? null;
  }

  private async customer(tenantId: string, buyer: Buyer): Promise<string> {
    const known = await this.db.selectFrom('billing_customers').select(['customer_ref', 'provider']).where('tenant_id', '=', tenantId).executeTakeFirst();
    // A customer of the test provider means nothing to Stripe (an installation that moved to real keys): Stripe gets its own.
    const mine = known?.provider === this.provider.kind ? known.customer_ref : null;
    const ref = await this.provider.customer(tenantId, buyer.ownerEmail, buyer.party.name, mine);
    if (!mine) {
      await this.db
        .insertInto('billing_customers')
        .values({ tenant_id: tenantId, provider: this.provider.kind, customer_ref: ref })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ provider: this.provider.kind, customer_ref: ref }))
        .execute();
    }
    return ref;
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
    const card = priced.quote.total > 0 ? await this.card(tenantId, request.payment_method_id) : null;
    if (priced.quote.total > 0 && !card) throw this.provider.kind === 'stripe' ? cardSetupRequired() : cardRequired();
    const invoiceId = randomUUID();
    const couponCode = priced.coupon?.code ?? null;
    if (couponCode) await this.coupons.reserve(couponCode, tenantId);
    let paymentRef = `none_${invoiceId}`;
    try {
      if (card) {
        const charged = await this.provider.charge({
          tenantId,
          customerRef: await this.customer(tenantId, priced.buyer),
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

  /**
   * The sweep's work on one business whose membership fell due: the trial's end, a renewal (or
   * its failure, with grace and a notice), the end of a cancelled or unpaid package. Each
   * command is idempotent, and a renewal's charge carries a key per period and attempt, so an
   * instance that dies half-way and another that takes over never charge twice.
   */
  async settle(tenantId: string, now: Date): Promise<string | null> {
    const state = await this.commands.load(tenantId);
    if (!state.package || state.package === 'FREE') {
      const { events } = await this.commands.run({ type: 'EndTrial', business_id: tenantId, now }, { type: 'system', name: 'trial end' });
      return events.length ? 'trial_ended' : null;
    }
    if (!state.period_ends_at || now < new Date(state.period_ends_at)) return null;
    const ends = new Date(state.period_ends_at);
    const buyer = await this.buyer(tenantId);
    if (state.cancel_at_period_end || (state.grace_ends_at && now >= new Date(state.grace_ends_at))) {
      const reason = state.cancel_at_period_end ? 'cancelled' : 'unpaid';
      const { events } = await this.commands.run({ type: 'Lapse', business_id: tenantId, now, reason }, SYSTEM);
      if (events.length) {
        await this.tell(
          buyer,
          'Your Tabour package has ended',
          `Your ${state.package} package has ended${reason === 'unpaid' ? ' because its renewal could not be paid' : ''}. Your business now uses the FREE package: ` +
            `nothing was deleted, and the features above FREE are locked until you choose a package again in Settings > Membership.`,
        );
      }
      return events.length ? `lapsed_${reason}` : null;
    }
    const target = state.scheduled ?? { package: state.package, plan: (state.plan ?? 'monthly') as Plan };
    const fail = async (reason: string) => {
      const graceEnds = state.grace_ends_at ? new Date(state.grace_ends_at) : new Date(ends.getTime() + this.config.billing.graceDays * DAY);
      const next = new Date(Math.min(now.getTime() + DAY, graceEnds.getTime()));
      const { events } = await this.commands.run(
        { type: 'FailRenewal', business_id: tenantId, now, reason, grace_ends_at: graceEnds.toISOString(), next_attempt_at: next.toISOString() },
        SYSTEM,
      );
      if (events.length) {
        await this.tell(
          buyer,
          'Your Tabour package could not be renewed',
          `The renewal of your ${state.package} package could not be paid (${reason}). It keeps working until ${this.day(graceEnds, buyer.timeZone)} ` +
            `while the payment is tried again each day; after that day your business moves to the FREE package. Check your card in Settings > Billing.`,
        );
      }
      return 'renewal_failed';
    };
    let price: { amount: number; currency: string; name: string };
    try {
      price = await this.catalogue.price(target.package, target.plan);
    } catch {
      return fail('package_not_for_sale');
    }
    const coupon = state.coupon && state.coupon.months_left !== 0 ? state.coupon : null;
    const amounts = priceOf(price.amount, price.currency, coupon as CouponTerms | null, 0, buyer.vat);
    const card = amounts.total > 0 ? await this.card(tenantId, null) : null;
    if (amounts.total > 0 && !card) return fail('payment_method_required');
    const invoiceId = randomUUID();
    let paymentRef = `none_${invoiceId}`;
    if (card) {
      try {
        const charged = await this.provider.charge({
          tenantId,
          customerRef: await this.customer(tenantId, buyer),
          cardRef: card.provider_ref,
          amount: amounts.total,
          currency: price.currency,
          idempotencyKey: `renewal-${tenantId}-${ends.toISOString()}-${state.renewal_attempts}`,
          description: `${price.name} ${target.plan} renewal`,
          offSession: true,
          metadata: { invoice_id: invoiceId, package: target.package, plan: target.plan },
        });
        paymentRef = charged.ref;
      } catch (err) {
        if (err instanceof CardRefused) return fail(err.decline);
        throw err;
      }
    }
    const starts = ends.toISOString();
    const to = periodEnd(ends, target.plan).toISOString();
    await this.commands.run(
      {
        type: 'Renew',
        business_id: tenantId,
        now,
        package: target.package,
        plan: target.plan,
        payment_ref: paymentRef,
        period_starts_at: starts,
        period_ends_at: to,
        net: amounts.subtotal,
        coupon: coupon ? { ...coupon, months_left: monthsLeftAfter(coupon, target.plan, coupon.months_left) } : null,
        invoice: this.draft({
          id: invoiceId,
          kind: 'invoice',
          now,
          buyer,
          currency: price.currency,
          lines: [this.periodLine(price.name, target.package, target.plan, starts, to, price.amount, buyer.timeZone)],
          coupon: coupon ? { code: coupon.code, discount: amounts.discount } : null,
          subtotal: amounts.subtotal,
          vat_rate: amounts.vat_rate,
          vat: amounts.vat,
          total: amounts.total,
          reverse_charge: amounts.reverse_charge,
          payment_reference: paymentRef,
        }),
      },
      SYSTEM,
    );
    return 'renewed';
  }

  private async tell(buyer: Buyer, subject: string, body: string): Promise<void> {
    try {
      await this.notifier.sendEmail({ to: buyer.ownerEmail, subject, text: `Hello ${buyer.ownerName},\n\n${body}\n`, tenantId: buyer.tenantId });
    } catch (err) {
      this.log.warn(`membership notice not sent: ${String(err)}`);
    }
  }

  /**
   * A refund of all or part of an invoice: the provider pays it back, and a credit note with
   * the VAT in the same proportion is issued (never an edit of the invoice).
   */
  async refund(number: string, amount: number | null, actor: Actor): Promise<Invoice> {
    return this.creditNote(number, amount, actor, null);
  }

  /** A refund the provider already paid (made in its dashboard, told by its webhook): only the credit note. */
  async refundRecorded(number: string, amount: number, providerRef: string): Promise<Invoice> {
    return this.creditNote(number, amount, { type: 'system', name: 'card provider refund' }, providerRef);
  }

  private async creditNote(number: string, amount: number | null, actor: Actor, providerRef: string | null): Promise<Invoice> {
    const invoice = await this.invoices.byNumber(number);
    if (invoice.kind !== 'invoice') throw invalid('Only an invoice is refunded', { number: ['Only an invoice is refunded'] }, 'invoice_not_refundable');
    const credited = invoice.credit_notes.reduce((s, c) => s - c.total, 0);
    const gross = amount ?? invoice.total - credited;
    if (!Number.isInteger(gross) || gross <= 0 || gross > invoice.total - credited) {
      throw invalid(
        'The refund is larger than what is left of the invoice',
        { amount: ['The refund is larger than what is left of the invoice'] },
        'invoice_not_refundable',
      );
    }
    const now = this.clock.now();
    const id = randomUUID();
    const key = `refund-${invoice.id}-${credited}-${gross}`;
    const ref =
      providerRef ??
      (invoice.payment_reference && !invoice.payment_reference.startsWith('none_')
        ? await this.provider.refund(invoice.payment_reference, gross, key)
        : `none_${id}`);
    const vat = invoice.total ? Math.round((invoice.vat * gross) / invoice.total) : 0;
    const buyer = await this.buyer(invoice.tenant_id);
    await this.commands.run(
      {
        type: 'Refund',
        business_id: invoice.tenant_id,
        now,
        invoice_id: invoice.id,
        payment_ref: ref,
        credit_note: this.draft({
          id,
          kind: 'credit_note',
          now,
          buyer: { ...buyer, party: invoice.buyer },
          currency: invoice.currency,
          lines: [
            {
              description: `Refund of invoice ${invoice.number}`,
              package: null,
              plan: null,
              period_starts_at: null,
              period_ends_at: null,
              quantity: 1,
              unit_amount: -(gross - vat),
              amount: -(gross - vat),
            },
          ],
          coupon: null,
          subtotal: -(gross - vat),
          vat_rate: invoice.vat_rate,
          vat: -vat,
          total: -gross,
          reverse_charge: invoice.reverse_charge,
          payment_reference: ref,
          credits_invoice_id: invoice.id,
        }),
      },
      actor,
    );
    return this.invoices.one(invoice.tenant_id, id);
  }

  // Billing details and cards.

  async details(tenantId: string): Promise<BillingDetails> {
    const b = await this.buyer(tenantId);
    return { ...b.party, name: b.party.name, vat_rate: b.vat.rate, reverse_charge: b.vat.reverse_charge };
  }

  async updateDetails(
    tenantId: string,
    d: { name: string; address: string | null; country: string | null; vat_number: string | null; email: string | null },
    actor: Actor,
  ): Promise<BillingDetails> {
    const country = d.country?.toUpperCase() ?? null;
    let vatNumber = d.vat_number?.trim() || null;
    if (vatNumber) {
      const message = 'This VAT number is not valid for the country';
      if (!country) throw invalid(message, { country: ['Choose the country of the VAT number'] }, 'vat_number_invalid');
      if (checkVatNumber(country, vatNumber) === 'invalid') throw invalid(message, { vat_number: [message] }, 'vat_number_invalid');
      vatNumber = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
    }
    await this.commands.run({ type: 'UpdateBillingDetails', business_id: tenantId, ...d, country, vat_number: vatNumber }, actor);
    return this.details(tenantId);
  }

  async cards(tenantId: string): Promise<SavedCard[]> {
    const rows = await this.db.selectFrom('payment_methods').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute();
    return rows.map((r) => ({
      id: r.id,
      brand: r.brand,
      last4: r.last4,
      exp_month: r.exp_month,
      exp_year: r.exp_year,
      is_default: r.is_default,
      provider: r.provider,
    }));
  }

  private async cardView(tenantId: string, id: string): Promise<SavedCard> {
    const card = (await this.cards(tenantId)).find((c) => c.id === id);
    if (!card) throw notFound('No such payment method');
    return card;
  }

  async addCard(tenantId: string, input: CardInput & { make_default?: boolean }, actor: Actor): Promise<SavedCard> {
    // With real keys no card number may reach the server, not even to be refused later by Stripe.
    if (this.provider.kind === 'stripe' && input.card_number !== undefined) throw securePage();
    const buyer = await this.buyer(tenantId);
    let stored;
    try {
      stored = await this.provider.attach(await this.customer(tenantId, buyer), input);
    } catch (err) {
      if (err instanceof CardRefused) throw cardFailed(err.decline);
      throw err;
    }
    const id = randomUUID();
    await this.commands.run(
      {
        type: 'AddPaymentMethod',
        business_id: tenantId,
        now: this.clock.now(),
        card: { id, provider: this.provider.kind, ...stored },
        make_default: input.make_default ?? false,
      },
      actor,
    );
    return this.cardView(tenantId, id);
  }

  /**
   * Stripe's hosted card page for the business (created for its customer, made first if
   * missing); it sends the card holder back to the page named, with `?card=added` or
   * `?card=cancelled`. The test provider has none: its cards are chosen in the screen's form.
   */
  async cardSession(tenantId: string, back: CardSessionReturn): Promise<CardSession> {
    if (this.provider.kind !== 'stripe') throw testForm();
    const customer = await this.customer(tenantId, await this.buyer(tenantId));
    const page = `${this.config.publicUrl.replace(/\/$/, '')}/settings/${back}`;
    const currency = (await this.catalogue.rows()).find((r) => r.for_sale)?.currency ?? 'EUR';
    const url = await this.provider.cardPage(customer, tenantId, { success: `${page}?card=added`, cancel: `${page}?card=cancelled` }, currency);
    if (!url) throw testForm();
    return { url };
  }

  /**
   * A card page completed (Stripe's `checkout.session.completed`): the SetupIntent's card joins
   * the business's cards, the default if it is the first. The business is the one whose Stripe
   * customer the page was made for; a page of any other customer changes nothing.
   */
  async cardSetUp(customerRef: string, setupRef: string): Promise<boolean> {
    const owner = await this.db
      .selectFrom('billing_customers')
      .select('tenant_id')
      .where('provider', '=', this.provider.kind)
      .where('customer_ref', '=', customerRef)
      .executeTakeFirst();
    if (!owner) return false;
    const stored = await this.provider.setupCard(setupRef);
    if (!stored) return false;
    const id = cardIdOf(owner.tenant_id, stored.provider_ref);
    const { events } = await this.commands.run(
      {
        type: 'AddPaymentMethod',
        business_id: owner.tenant_id,
        now: this.clock.now(),
        card: { id, provider: this.provider.kind, ...stored },
        make_default: false,
      },
      { type: 'system', name: 'card provider' },
    );
    return events.length > 0;
  }

  /** A card detached at the provider (Stripe's `payment_method.detached`, its dashboard): it leaves the business's list. */
  async cardDetached(providerRef: string): Promise<boolean> {
    const rows = await this.db
      .selectFrom('payment_methods')
      .select(['id', 'tenant_id'])
      .where('provider', '=', this.provider.kind)
      .where('provider_ref', '=', providerRef)
      .execute();
    let removed = false;
    for (const r of rows) {
      const { events } = await this.commands.run(
        { type: 'RemovePaymentMethod', business_id: r.tenant_id, payment_method_id: r.id, gone: true },
        { type: 'system', name: 'card provider' },
      );
      removed ||= events.length > 0;
    }
    return removed;
  }

  async setDefaultCard(tenantId: string, id: string, actor: Actor): Promise<SavedCard> {
    await this.commands.run({ type: 'SetDefaultPaymentMethod', business_id: tenantId, payment_method_id: id }, actor);
    return this.cardView(tenantId, id);
  }

  async removeCard(tenantId: string, id: string, actor: Actor): Promise<{ id: string }> {
    const card = await this.card(tenantId, id);
    await this.commands.run({ type: 'RemovePaymentMethod', business_id: tenantId, payment_method_id: id }, actor);
    if (card) await this.provider.detach(card.provider_ref);
    return { id };
  }
}
