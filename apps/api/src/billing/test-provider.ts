import { createHash } from 'node:crypto';
import { PAYMENT_DECLINES, type PaymentDecline } from '@tabour/contracts';
import { invalid } from '@tabour/platform';
import { CardInput, CardProvider, CardRefused, ChargeRequest, ChargeResult, StoredCard } from './card-provider';

/**
 * The local TEST provider, used only when no Stripe key is configured and never in production:
 * it takes the card numbers Stripe documents for testing and nothing else, keeps only the last
 * four digits, and decides each payment by the card as Stripe's test mode would. No money moves.
 */
export const TEST_CARDS: Record<string, { brand: string; outcome: 'succeeds' | PaymentDecline }> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'card_declined' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient_funds' },
  '4000000000000069': { brand: 'visa', outcome: 'expired_card' },
  '4000000000000127': { brand: 'visa', outcome: 'incorrect_cvc' },
  '4000000000000119': { brand: 'visa', outcome: 'processing_error' },
};

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

export class TestCardProvider extends CardProvider {
  readonly kind = 'test' as const;
  readonly publishableKey = null;

  constructor(private readonly production: boolean) {
    super();
  }

  async customer(tenantId: string): Promise<string> {
    return `test_cus_${tenantId}`;
  }

  async attach(_customer: string, input: CardInput): Promise<StoredCard> {
    if (this.production) throw invalid('Card payments are not configured', { card_number: ['Card payments are not configured'] }, 'payment_method_failed');
    const number = (input.card_number ?? '').replace(/[\s-]/g, '');
    const card = TEST_CARDS[number];
    const message = 'Use one of the test cards: this installation has no card payment provider';
    if (!card) throw invalid(message, { card_number: [message] }, 'payment_method_failed');
    if (!input.exp_month || !input.exp_year) throw invalid('Enter the expiry date', { exp_month: ['Enter the expiry date'] }, 'payment_method_failed');
    // The reference names the test card's outcome and last digits, never its number.
    return {
      provider_ref: `test_${card.outcome}_${number.slice(-4)}`,
      brand: card.brand,
      last4: number.slice(-4),
      exp_month: input.exp_month,
      exp_year: input.exp_year,
    };
  }

  async detach(): Promise<void> {}

  /** The test cards are chosen in the screen's own form: there is no hosted page. */
  async cardPage(): Promise<null> {
    return null;
  }

  async setupCard(): Promise<null> {
    return null;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const outcome = /^test_(.+)_\d{4}$/.exec(request.cardRef)?.[1] ?? 'card_declined';
    const ref = `test_pi_${digest(request.idempotencyKey)}`;
    if (outcome === 'succeeds') return { status: 'succeeded', ref, decline: null, client_secret: null };
    throw new CardRefused((PAYMENT_DECLINES as readonly string[]).includes(outcome) ? (outcome as PaymentDecline) : 'card_declined');
  }

  async refund(_payment: string, _amount: number, idempotencyKey: string): Promise<string> {
    return `test_re_${digest(idempotencyKey)}`;
  }
}
