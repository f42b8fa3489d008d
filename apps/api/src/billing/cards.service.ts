import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { checkVatNumber } from '@tabour/billing';
import type { BillingDetails, CardSession, CardSessionReturn, SavedCard } from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { AppConfig, Db, DomainError, invalid, notFound } from '@tabour/platform';
import { Clock } from '../accounts/clock';
import { APP_CONFIG, DB } from '../common/tokens';
import { CardInput, CardProvider, CardRefused } from './card-provider';
import { PackageCatalogue } from './catalogue';
import { BillingCommands } from './commands';
import { BillingParties } from './parties';

const cardFailed = (reason: string) => new DomainError(422, 'Cannot add payment method', 'payment_method_failed', { payment_method: [reason] });
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

/** The business's billing details and saved cards (docs/billing.md). */
@Injectable()
export class BillingCards {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: BillingCommands,
    private readonly catalogue: PackageCatalogue,
    private readonly provider: CardProvider,
    private readonly clock: Clock,
    private readonly parties: BillingParties,
  ) {}

  async details(tenantId: string): Promise<BillingDetails> {
    const b = await this.parties.buyer(tenantId);
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
    const buyer = await this.parties.buyer(tenantId);
    let stored;
    try {
      stored = await this.provider.attach(await this.parties.customer(tenantId, buyer), input);
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
    const customer = await this.parties.customer(tenantId, await this.parties.buyer(tenantId));
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
    const card = await this.parties.card(tenantId, id);
    await this.commands.run({ type: 'RemovePaymentMethod', business_id: tenantId, payment_method_id: id }, actor);
    if (card) await this.provider.detach(card.provider_ref);
    return { id };
  }
}
