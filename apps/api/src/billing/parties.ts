import { Inject, Injectable } from '@nestjs/common';
import { vatFor, type VatTreatment } from '@tabour/billing';
import type { InvoiceParty } from '@tabour/contracts';
import { AppConfig, Db, notFound } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { BusinessCalendar, BusinessDirectory } from '../organisation/calendar';
import { CardProvider } from './card-provider';

export interface Buyer {
  tenantId: string;
  party: InvoiceParty;
  vat: VatTreatment;
  timeZone: string;
  ownerEmail: string;
  ownerName: string;
}

/** Who sells and who buys (docs/billing.md): the invoices' parties, the VAT between them, the buyer's customer and cards at the card provider. */
@Injectable()
export class BillingParties {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: CardProvider,
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

  /** The business's saved card: the one named (404 when it has none by that id), else its default. */
  async card(tenantId: string, id: string | null | undefined) {
    let q = this.db.selectFrom('payment_methods').selectAll().where('tenant_id', '=', tenantId);
    q = id ? q.where('id', '=', id) : q.where('is_default', '=', true);
    const card = await q.executeTakeFirst();
    if (id && !card) throw notFound('No such payment method');
    return card ?? null;
  }

  /** The business as the card provider's customer, made there the first time. */
  async customer(tenantId: string, buyer: Buyer): Promise<string> {
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
}
