import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig, Db, DomainError, notFound } from '@tabour/platform';
import Stripe from 'stripe';
import { APP_CONFIG, DB } from '../common/tokens';
import { BillingCards } from './cards.service';
import { CheckoutService } from './checkout.service';
import { RefundsService } from './refunds';
import { stripeClient } from './stripe-provider';

export const STRIPE_WEBHOOK_PATH = '/payment/stripe/webhook';
/** Stripe's events are a few kilobytes; anything far larger is not one. */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

const badSignature = () => new DomainError(400, 'The webhook signature does not match', 'webhook_signature');

/**
 * Stripe's webhook: the signature is checked on the exact bytes received, with the endpoint's
 * secret; an event is applied once (its id is recorded with the outcome, and each thing it
 * drives is idempotent on its own: a payment, a refund). A purchase whose card asked for 3-D
 * Secure is applied here when Stripe says it succeeded; a refund made in Stripe's dashboard
 * becomes a credit note; a card entered on Stripe's card page joins the business's cards, and a
 * card detached at Stripe leaves them.
 */
@Injectable()
export class StripeWebhooks {
  private readonly log = new Logger('billing.webhooks');
  private readonly stripe: Stripe | null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkout: CheckoutService,
    private readonly refunds: RefundsService,
    private readonly cards: BillingCards,
  ) {
    const s = config.billing.stripe;
    this.stripe = s ? stripeClient(s.secretKey, s.apiBase) : null;
  }

  async receive(raw: unknown, signature: string | undefined): Promise<{ received: true; duplicate: boolean; applied: string | null }> {
    const s = this.config.billing.stripe;
    if (!s || !this.stripe) throw notFound();
    if (!Buffer.isBuffer(raw) || !signature) throw badSignature();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(raw, signature, s.webhookSecret);
    } catch {
      throw badSignature();
    }
    const seen = await this.db.selectFrom('billing_provider_events').select('id').where('id', '=', event.id).executeTakeFirst();
    if (seen) return { received: true, duplicate: true, applied: null };
    const applied = await this.apply(event);
    await this.db
      .insertInto('billing_provider_events')
      .values({ id: event.id, type: event.type, received_at: new Date() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return { received: true, duplicate: false, applied };
  }

  private async apply(event: Stripe.Event): Promise<string | null> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return (await this.checkout.confirmCheckout(event.data.object.id, true)) ? 'purchase' : null;
      case 'payment_intent.payment_failed':
        return (await this.checkout.confirmCheckout(event.data.object.id, false)) ? 'purchase_failed' : null;
      case 'charge.refunded': {
        const charge = event.data.object;
        const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        if (!pi) return null;
        const invoice = await this.db
          .selectFrom('invoices')
          .select(['number', 'refunded'])
          .where('payment_reference', '=', pi)
          .where('kind', '=', 'invoice')
          .executeTakeFirst();
        const more = invoice ? charge.amount_refunded - invoice.refunded : 0;
        if (!invoice || more <= 0) return null;
        await this.refunds.refundRecorded(invoice.number, more, `${charge.id}:${charge.amount_refunded}`);
        return 'credit_note';
      }
      case 'checkout.session.completed': {
        // Only the card page (setup mode) is ours; purchases are PaymentIntents, not Checkout payments.
        const session = event.data.object;
        if (session.mode !== 'setup' || !session.setup_intent || !session.customer) return null;
        const customer = typeof session.customer === 'string' ? session.customer : session.customer.id;
        const setup = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent.id;
        return (await this.cards.cardSetUp(customer, setup)) ? 'card_saved' : null;
      }
      case 'payment_method.detached':
        return (await this.cards.cardDetached(event.data.object.id)) ? 'card_removed' : null;
      default:
        this.log.debug?.(`ignored ${event.type}`);
        return null;
    }
  }
}
