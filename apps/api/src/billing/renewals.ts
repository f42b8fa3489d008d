import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ChosenPackage } from '@tabour/accounts';
import { monthsLeftAfter, periodEnd, priceOf, type CouponTerms, type MembershipState } from '@tabour/billing';
import type { Plan } from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { Notifier } from '@tabour/notifications';
import { AppConfig } from '@tabour/platform';
import { APP_CONFIG } from '../common/tokens';
import { CardProvider, CardRefused } from './card-provider';
import { PackageCatalogue } from './catalogue';
import { BillingCommands } from './commands';
import { draftInvoice, localDay, periodLine } from './drafts';
import { BillingParties, type Buyer } from './parties';

const DAY = 24 * 3600 * 1000;
const SYSTEM: Actor = { type: 'system', name: 'membership renewal' };

/** A membership past its period's end, as a renewal reads it. */
type Due = MembershipState & { package: ChosenPackage; period_ends_at: string };

/**
 * The membership sweep's work on one business whose membership fell due (docs/billing.md): the
 * trial's end, a renewal (or its failure, with grace and a notice), the end of a cancelled or
 * unpaid package. Each command is idempotent, and a renewal's charge carries a key per period
 * and attempt, so an instance that dies half-way and another that takes over never charge twice.
 */
@Injectable()
export class MembershipRenewals {
  private readonly log = new Logger('billing');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: BillingCommands,
    private readonly catalogue: PackageCatalogue,
    private readonly provider: CardProvider,
    private readonly notifier: Notifier,
    private readonly parties: BillingParties,
  ) {}

  /** Settles what is due at `now`; answers what was done, or null when nothing was. */
  async settle(tenantId: string, now: Date): Promise<string | null> {
    const state = await this.commands.load(tenantId);
    if (!state.package || state.package === 'FREE') {
      const { events } = await this.commands.run({ type: 'EndTrial', business_id: tenantId, now }, { type: 'system', name: 'trial end' });
      return events.length ? 'trial_ended' : null;
    }
    if (!state.period_ends_at || now < new Date(state.period_ends_at)) return null;
    const due = state as Due;
    const buyer = await this.parties.buyer(tenantId);
    if (state.cancel_at_period_end || (state.grace_ends_at && now >= new Date(state.grace_ends_at))) return this.lapse(tenantId, due, buyer, now);
    return this.renew(tenantId, due, buyer, now);
  }

  /** The end of a cancelled package, or of one whose renewal stayed unpaid through its grace. */
  private async lapse(tenantId: string, state: Due, buyer: Buyer, now: Date): Promise<string | null> {
    const reason = state.cancel_at_period_end ? 'cancelled' : 'unpaid';
    const { events } = await this.commands.run({ type: 'Lapse', business_id: tenantId, now, reason }, SYSTEM);
    if (!events.length) return null;
    await this.tell(
      buyer,
      'Your Tabour package has ended',
      `Your ${state.package} package has ended${reason === 'unpaid' ? ' because its renewal could not be paid' : ''}. Your business now uses the FREE package: ` +
        `nothing was deleted, and the features above FREE are locked until you choose a package again in Settings > Membership.`,
    );
    return `lapsed_${reason}`;
  }

  /** A renewal not paid: grace until its end (or the one already running), another try a day later. */
  private async fail(tenantId: string, state: Due, buyer: Buyer, now: Date, reason: string): Promise<string> {
    const ends = new Date(state.period_ends_at);
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
        `The renewal of your ${state.package} package could not be paid (${reason}). It keeps working until ${localDay(graceEnds, buyer.timeZone)} ` +
          `while the payment is tried again each day; after that day your business moves to the FREE package. Check your card in Settings > Billing.`,
      );
    }
    return 'renewal_failed';
  }

  /** The next period of the package (or of the change scheduled for the period's end), charged off session. */
  private async renew(tenantId: string, state: Due, buyer: Buyer, now: Date): Promise<string> {
    const ends = new Date(state.period_ends_at);
    const target = state.scheduled ?? { package: state.package, plan: (state.plan ?? 'monthly') as Plan };
    let price: { amount: number; currency: string; name: string };
    try {
      price = await this.catalogue.price(target.package, target.plan);
    } catch {
      return this.fail(tenantId, state, buyer, now, 'package_not_for_sale');
    }
    const coupon = state.coupon && state.coupon.months_left !== 0 ? state.coupon : null;
    const amounts = priceOf(price.amount, price.currency, coupon as CouponTerms | null, 0, buyer.vat);
    const card = amounts.total > 0 ? await this.parties.card(tenantId, null) : null;
    if (amounts.total > 0 && !card) return this.fail(tenantId, state, buyer, now, 'payment_method_required');
    const invoiceId = randomUUID();
    let paymentRef = `none_${invoiceId}`;
    if (card) {
      try {
        const charged = await this.provider.charge({
          tenantId,
          customerRef: await this.parties.customer(tenantId, buyer),
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
        if (err instanceof CardRefused) return this.fail(tenantId, state, buyer, now, err.decline);
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
        invoice: draftInvoice(this.parties.seller, {
          id: invoiceId,
          kind: 'invoice',
          now,
          buyer,
          currency: price.currency,
          lines: [periodLine(price.name, target.package, target.plan, starts, to, price.amount, buyer.timeZone)],
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
}
