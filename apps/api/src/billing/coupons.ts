import { Inject, Injectable } from '@nestjs/common';
import {
  COUPON_DURATIONS,
  COUPON_KINDS,
  PACKAGES,
  type CouponDuration,
  type CouponKind,
  type CouponView,
  type ErrorCode,
  type Package,
} from '@tabour/contracts';
import type { CouponTerms } from '@tabour/billing';
import { Db, DomainError, invalid, notFound } from '@tabour/platform';
import { sql, type Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import { DB } from '../common/tokens';

const refusal = (code: ErrorCode, message: string) => new DomainError(code === 'coupon_invalid' ? 404 : 422, message, code, { coupon: [message] });

export const COUPON_REFUSALS = {
  invalid: () => refusal('coupon_invalid', 'This coupon does not exist'),
  expired: () => refusal('coupon_expired', 'This coupon has expired'),
  notStarted: () => refusal('coupon_not_started', 'This coupon is not valid yet'),
  usedUp: () => refusal('coupon_used_up', 'This coupon has been used up'),
  notForPackage: () => refusal('coupon_not_for_package', 'This coupon does not apply to this package'),
};

export interface NewCoupon extends CouponTerms {
  valid_from: Date | null;
  valid_until: Date | null;
  max_redemptions: number | null;
  packages: Package[];
}

export const normaliseCode = (code: string) => code.trim().toUpperCase();

function view(r: {
  code: string;
  kind: string;
  value: number;
  currency: string | null;
  duration: string;
  duration_months: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  max_redemptions: number | null;
  redemptions: number;
  packages: string[];
}): CouponView {
  return {
    code: r.code,
    kind: r.kind as CouponKind,
    value: r.value,
    currency: r.currency,
    duration: r.duration as CouponDuration,
    duration_months: r.duration_months,
    valid_from: r.valid_from?.toISOString() ?? null,
    valid_until: r.valid_until?.toISOString() ?? null,
    max_redemptions: r.max_redemptions,
    redemptions: r.redemptions,
    packages: r.packages as Package[],
  };
}

export const termsOf = (c: CouponView): CouponTerms => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  currency: c.currency,
  duration: c.duration,
  duration_months: c.duration_months,
});

/**
 * The operator's coupons. A redemption is reserved before the card is charged, by one statement
 * that counts it only while the maximum is not reached (so concurrent purchases cannot pass
 * it), kept when the purchase is recorded and given back when the payment fails.
 */
@Injectable()
export class CouponsService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async create(c: NewCoupon): Promise<CouponView> {
    const code = normaliseCode(c.code);
    const errors: Record<string, string[]> = {};
    if (!/^[A-Z0-9_-]{3,40}$/.test(code)) errors.code = ['3 to 40 letters, digits, - or _'];
    if (!COUPON_KINDS.includes(c.kind)) errors.kind = ['percent or amount'];
    if (!Number.isInteger(c.value) || c.value <= 0 || (c.kind === 'percent' && c.value > 100))
      errors.value = ['A whole percentage from 1 to 100, or an amount in cents'];
    if (c.kind === 'amount' && !c.currency) errors.currency = ['An amount needs its currency'];
    if (!COUPON_DURATIONS.includes(c.duration)) errors.duration = ['once, repeating or forever'];
    if (c.duration === 'repeating' && !(c.duration_months && c.duration_months > 0)) errors.duration_months = ['How many months it repeats'];
    if (c.valid_from && c.valid_until && c.valid_until <= c.valid_from) errors.valid_until = ['The end comes after the start'];
    if (c.max_redemptions !== null && !(Number.isInteger(c.max_redemptions) && c.max_redemptions > 0)) errors.max_redemptions = ['A positive whole number'];
    if (!c.packages.length || c.packages.some((p) => !PACKAGES.includes(p) || p === 'TRIAL' || p === 'FREE')) errors.packages = ['LIBERUP and/or LIBERPRO'];
    if (Object.keys(errors).length) throw invalid('The coupon is invalid', errors);
    const exists = await this.db.selectFrom('billing_coupons').select('code').where('code', '=', code).executeTakeFirst();
    if (exists) throw new DomainError(409, 'A coupon with this code exists', 'duplicate', { code: ['A coupon with this code exists'] });
    const row = await this.db
      .insertInto('billing_coupons')
      .values({
        code,
        kind: c.kind,
        value: c.value,
        currency: c.kind === 'amount' ? c.currency!.toUpperCase() : null,
        duration: c.duration,
        duration_months: c.duration === 'repeating' ? c.duration_months : null,
        valid_from: c.valid_from,
        valid_until: c.valid_until,
        max_redemptions: c.max_redemptions,
        packages: c.packages,
        created_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return view(row);
  }

  async archive(code: string): Promise<void> {
    const r = await this.db.updateTable('billing_coupons').set({ archived: true }).where('code', '=', normaliseCode(code)).executeTakeFirst();
    if (!r.numUpdatedRows) throw notFound('No such coupon');
  }

  async list(opts: { now?: Date; available?: boolean } = {}): Promise<CouponView[]> {
    let q = this.db.selectFrom('billing_coupons').selectAll().where('archived', '=', false);
    if (opts.available && opts.now) {
      const now = opts.now;
      q = q
        .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
        .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
        .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]));
    }
    return (await q.orderBy('created_at', 'desc').execute()).map(view);
  }

  /**
   * The coupon as the business may use it now on a package (null: any package), or the refusal
   * the popup words. A business uses a coupon once.
   */
  async check(rawCode: string, tenantId: string, now: Date, pkg: Package | null): Promise<CouponView> {
    const code = normaliseCode(rawCode);
    if (!/^[A-Z0-9_-]{1,40}$/.test(code)) throw COUPON_REFUSALS.invalid();
    const row = await this.db.selectFrom('billing_coupons').selectAll().where('code', '=', code).where('archived', '=', false).executeTakeFirst();
    if (!row) throw COUPON_REFUSALS.invalid();
    if (row.valid_from && row.valid_from > now) throw COUPON_REFUSALS.notStarted();
    if (row.valid_until && row.valid_until <= now) throw COUPON_REFUSALS.expired();
    if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) throw COUPON_REFUSALS.usedUp();
    const used = await this.db
      .selectFrom('billing_coupon_redemptions')
      .select('code')
      .where('code', '=', code)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (used) throw COUPON_REFUSALS.usedUp();
    if (pkg && !row.packages.includes(pkg)) throw COUPON_REFUSALS.notForPackage();
    return view(row);
  }

  /** Counts one redemption for the business, or refuses when the last one was taken meanwhile. */
  async reserve(code: string, tenantId: string): Promise<void> {
    await this.db.transaction().execute(async (trx: Transaction<Database>) => {
      const taken = await trx
        .updateTable('billing_coupons')
        .set({ redemptions: sql<number>`redemptions + 1` })
        .where('code', '=', code)
        .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
        .executeTakeFirst();
      if (!taken.numUpdatedRows) throw COUPON_REFUSALS.usedUp();
      const mine = await trx
        .insertInto('billing_coupon_redemptions')
        .values({ code, tenant_id: tenantId, status: 'reserved', invoice_id: null, created_at: new Date() })
        .onConflict((oc) => oc.columns(['code', 'tenant_id']).doNothing())
        .returning('code')
        .executeTakeFirst();
      // The business used it already (a purchase in another tab): the count goes back with the rollback.
      if (!mine) throw COUPON_REFUSALS.usedUp();
    });
  }

  async redeemed(code: string, tenantId: string, invoiceId: string): Promise<void> {
    await this.db
      .updateTable('billing_coupon_redemptions')
      .set({ status: 'redeemed', invoice_id: invoiceId })
      .where('code', '=', code)
      .where('tenant_id', '=', tenantId)
      .execute();
  }

  /** The payment failed: the redemption is given back. */
  async release(code: string, tenantId: string): Promise<void> {
    await this.db.transaction().execute(async (trx: Transaction<Database>) => {
      const gone = await trx
        .deleteFrom('billing_coupon_redemptions')
        .where('code', '=', code)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'reserved')
        .executeTakeFirst();
      if (Number(gone.numDeletedRows)) {
        await trx
          .updateTable('billing_coupons')
          .set({ redemptions: sql<number>`redemptions - 1` })
          .where('code', '=', code)
          .execute();
      }
    });
  }
}
