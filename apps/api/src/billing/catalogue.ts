import { Inject, Injectable } from '@nestjs/common';
import type { ChosenPackage } from '@tabour/accounts';
import { FEATURE_MATRIX, PLANS, type PackageOffer, type Plan } from '@tabour/contracts';
import { isSold, vatOn, type VatTreatment } from '@tabour/billing';
import { TRIAL_DAYS } from '@tabour/accounts';
import { Db, invalid } from '@tabour/platform';
import { DB } from '../common/tokens';

export interface CatalogueRow {
  id: ChosenPackage;
  name: string;
  currency: string;
  prices: Record<Plan, number> | null;
  for_sale: boolean;
}

const notForSale = () => invalid('This package is not for sale', { package: ['This package is not for sale'] }, 'package_not_for_sale');

/** The operator's package catalogue (billing_packages): prices live in the database, not in code. */
@Injectable()
export class PackageCatalogue {
  constructor(@Inject(DB) private readonly db: Db) {}

  async rows(): Promise<CatalogueRow[]> {
    const rows = await this.db.selectFrom('billing_packages').selectAll().execute();
    const order: ChosenPackage[] = ['FREE', 'LIBERUP', 'LIBERPRO'];
    return rows
      .map((r) => ({
        id: r.id as ChosenPackage,
        name: r.name,
        currency: r.currency,
        prices: r.monthly_price !== null && r.yearly_price !== null ? { monthly: r.monthly_price, yearly: r.yearly_price } : null,
        for_sale: r.for_sale,
      }))
      .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  }

  /** The net price of a period of a package that is sold; refuses any other. */
  async price(pkg: ChosenPackage, plan: Plan): Promise<{ amount: number; currency: string; name: string }> {
    const row = (await this.rows()).find((r) => r.id === pkg);
    if (!row || !row.for_sale || !row.prices || !isSold(pkg)) throw notForSale();
    return { amount: row.prices[plan], currency: row.currency, name: row.name };
  }

  /** The catalogue as a business sees it: every price with the VAT of its country beside it. */
  async offers(vat: VatTreatment): Promise<PackageOffer[]> {
    const rows = await this.rows();
    const currency = rows.find((r) => r.for_sale)?.currency ?? 'EUR';
    const trial: PackageOffer = {
      id: 'TRIAL',
      name: 'Trial',
      prices: null,
      currency,
      vat_rate: vat.rate,
      reverse_charge: vat.reverse_charge,
      features: FEATURE_MATRIX.TRIAL,
      trial_days: TRIAL_DAYS,
    };
    return [
      trial,
      ...rows.map((r) => ({
        id: r.id,
        name: r.name,
        prices:
          r.for_sale && r.prices
            ? (Object.fromEntries(
                PLANS.map((p) => [p, { net: r.prices![p], vat: vatOn(r.prices![p], vat.rate), gross: r.prices![p] + vatOn(r.prices![p], vat.rate) }]),
              ) as PackageOffer['prices'])
            : null,
        currency: r.currency,
        vat_rate: vat.rate,
        reverse_charge: vat.reverse_charge,
        features: FEATURE_MATRIX[r.id],
        trial_days: null,
      })),
    ];
  }

  /** The operator's change of a price (minor units), from the command line. */
  async setPrice(pkg: ChosenPackage, plan: Plan, amount: number, currency?: string): Promise<CatalogueRow> {
    if (!isSold(pkg)) throw notForSale();
    if (!Number.isInteger(amount) || amount < 0) throw invalid('The price is a whole number of cents', { amount: ['The price is a whole number of cents'] });
    await this.db
      .updateTable('billing_packages')
      .set({
        [plan === 'monthly' ? 'monthly_price' : 'yearly_price']: amount,
        ...(currency ? { currency: currency.toUpperCase() } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', pkg)
      .execute();
    return (await this.rows()).find((r) => r.id === pkg)!;
  }
}
