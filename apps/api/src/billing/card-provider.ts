import type { PaymentDecline, PaymentProvider } from '@tabour/contracts';

/** A card as the provider stored it. */
export interface StoredCard {
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** What the business sent to save a card: Stripe's payment method id, or a test card's number. */
export interface CardInput {
  payment_method?: string;
  card_number?: string;
  exp_month?: number;
  exp_year?: number;
}

export interface ChargeRequest {
  tenantId: string;
  customerRef: string;
  cardRef: string;
  amount: number;
  currency: string;
  /** The provider charges one key once, however often it is sent (a retried request, two instances). */
  idempotencyKey: string;
  description: string;
  /** A renewal: the card holder is not there to confirm. */
  offSession: boolean;
  metadata: Record<string, string>;
}

export interface ChargeResult {
  status: 'succeeded' | 'requires_action' | 'failed';
  /** The provider's payment (pi_…). */
  ref: string;
  decline: PaymentDecline | null;
  client_secret: string | null;
}

/** Where the provider's hosted card page sends the card holder back. */
export interface CardPageReturn {
  success: string;
  cancel: string;
}

/** A refused card or payment, with its reason the popup words. */
export class CardRefused extends Error {
  constructor(readonly decline: PaymentDecline) {
    super(decline);
  }
}

/** The card provider: Stripe when configured, else the local test provider. */
export abstract class CardProvider {
  abstract readonly kind: PaymentProvider;
  abstract readonly publishableKey: string | null;
  abstract customer(tenantId: string, email: string, name: string, existing: string | null): Promise<string>;
  /** Saves a card for the customer; throws CardRefused when the card cannot be saved. */
  abstract attach(customerRef: string, input: CardInput): Promise<StoredCard>;
  abstract detach(cardRef: string): Promise<void>;
  /**
   * The provider's hosted page where the card holder enters a card (no card data reaches the
   * server), in the currency the card will pay; null when the provider has none.
   */
  abstract cardPage(customerRef: string, tenantId: string, back: CardPageReturn, currency: string): Promise<string | null>;
  /** The card a completed card page saved (the SetupIntent's payment method); null while it is not saved. */
  abstract setupCard(setupRef: string): Promise<StoredCard | null>;
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
  abstract refund(paymentRef: string, amount: number, idempotencyKey: string): Promise<string>;
}
