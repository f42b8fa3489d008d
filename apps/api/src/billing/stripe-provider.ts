import Stripe from 'stripe';
import { PAYMENT_DECLINES, type PaymentDecline } from '@tabour/contracts';
import { invalid } from '@tabour/platform';
import { CardInput, CardPageReturn, CardProvider, CardRefused, ChargeRequest, ChargeResult, StoredCard } from './card-provider';

/** Stripe's decline codes as the popup words them; any other is a plain decline. */
export function declineOf(err: unknown): PaymentDecline {
  const e = err as { code?: string; decline_code?: string };
  for (const c of [e.decline_code, e.code]) if (c && (PAYMENT_DECLINES as readonly string[]).includes(c)) return c as PaymentDecline;
  if (e.code === 'authentication_required') return 'authentication_required';
  return 'card_declined';
}

/** Where the SDK sends its requests: Stripe, or the address STRIPE_API_BASE names (the tests' fake). */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}

/** Card payments through Stripe: a customer per business, saved payment methods, PaymentIntents. */
export class StripeCardProvider extends CardProvider {
  readonly kind = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    readonly publishableKey: string | null,
  ) {
    super();
  }

  async customer(tenantId: string, email: string, name: string, existing: string | null): Promise<string> {
    if (existing) return existing;
    const c = await this.stripe.customers.create({ email, name, metadata: { business_id: tenantId } }, { idempotencyKey: `customer-${tenantId}` });
    return c.id;
  }

  async attach(customerRef: string, input: CardInput): Promise<StoredCard> {
    if (!input.payment_method)
      throw invalid('Add the card through the payment form', { payment_method: ['Add the card through the payment form'] }, 'payment_method_failed');
    try {
      const pm = await this.stripe.paymentMethods.attach(input.payment_method, { customer: customerRef });
      if (!pm.card) throw new CardRefused('card_declined');
      return { provider_ref: pm.id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year };
    } catch (err) {
      if (err instanceof CardRefused) throw err;
      if (err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError) throw new CardRefused(declineOf(err));
      throw err;
    }
  }

  async detach(cardRef: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(cardRef);
    } catch (err) {
      // Already detached at Stripe (removed there): the business's list drops it all the same.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }

  /**
   * A Checkout Session in setup mode: Stripe's page takes the card (and any 3-D Secure it asks
   * for) and attaches it to the customer; its webhook tells which card it was.
   */
  async cardPage(customerRef: string, tenantId: string, back: CardPageReturn, currency: string): Promise<string> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customerRef,
      currency: currency.toLowerCase(),
      allowed_payment_method_types: ['card'],
      client_reference_id: tenantId,
      metadata: { business_id: tenantId },
      setup_intent_data: { metadata: { business_id: tenantId } },
      success_url: back.success,
      cancel_url: back.cancel,
    });
    if (!session.url) throw new Error(`Stripe answered the card page ${session.id} without its address`);
    return session.url;
  }

  async setupCard(setupRef: string): Promise<StoredCard | null> {
    const intent = await this.stripe.setupIntents.retrieve(setupRef);
    if (intent.status !== 'succeeded' || !intent.payment_method) return null;
    const pm = typeof intent.payment_method === 'string' ? await this.stripe.paymentMethods.retrieve(intent.payment_method) : intent.payment_method;
    // Detached since (the card holder removed it at Stripe before the event came): nothing left to save.
    if (!pm.card || !pm.customer) return null;
    return { provider_ref: pm.id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year };
  }

  async charge(r: ChargeRequest): Promise<ChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: r.amount,
          currency: r.currency.toLowerCase(),
          customer: r.customerRef,
          payment_method: r.cardRef,
          confirm: true,
          off_session: r.offSession || undefined,
          description: r.description,
          metadata: { ...r.metadata, business_id: r.tenantId },
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: r.idempotencyKey },
      );
      if (pi.status === 'succeeded') return { status: 'succeeded', ref: pi.id, decline: null, client_secret: null };
      if (pi.status === 'requires_action' && !r.offSession) return { status: 'requires_action', ref: pi.id, decline: null, client_secret: pi.client_secret };
      throw new CardRefused(pi.status === 'requires_action' ? 'authentication_required' : 'card_declined');
    } catch (err) {
      if (err instanceof CardRefused) throw err;
      if (err instanceof Stripe.errors.StripeCardError) throw new CardRefused(declineOf(err));
      throw err;
    }
  }

  async refund(paymentRef: string, amount: number, idempotencyKey: string): Promise<string> {
    const r = await this.stripe.refunds.create({ payment_intent: paymentRef, amount }, { idempotencyKey });
    return r.id;
  }
}
