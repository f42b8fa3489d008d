import type { AccountEvent } from '@tabour/accounts';
import { type InlineProjection, type ProjectionDb, type RecordOf } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { sql, type Updateable } from 'kysely';
import { ACCOUNT_MEMBERSHIP_EVENT_TYPES, MEMBERSHIP_EVENT_TYPES, type MembershipEvent } from '../membership';
import '../tables';
import type { MembershipsTable } from '../tables';

type Db = ProjectionDb<Database>;
type Row = Updateable<MembershipsTable>;

async function upsert(db: Db, tenant: string, set: Row, at: Date): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ tenant_id: tenant, package: null, plan: null, updated_at: at, ...set } as never)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...set, updated_at: at }))
    .execute();
}

type Rec = RecordOf<MembershipEvent | AccountEvent>;

/** A paid period's row values: its package and dates, nothing pending, due at its end. */
const period = (d: { package: Row['package']; plan: Row['plan']; starts_at: string | null; ends_at: string | null }): Row => ({
  package: d.package,
  plan: d.plan,
  period_starts_at: d.starts_at,
  period_ends_at: d.ends_at,
  grace_ends_at: null,
  renewal_attempts: 0,
  cancel_at_period_end: false,
  scheduled_package: null,
  scheduled_plan: null,
  due_at: d.ends_at,
});

/** What an event changes of the business's membership row; undefined when it changes none. */
function membershipChange(e: Rec): Row | undefined {
  switch (e.type) {
    case 'BusinessRegistered':
      return {};
    case 'MembershipTrialStarted':
      return { trial_ends_at: e.data.ends_at, due_at: e.data.ends_at };
    case 'MembershipPackageChanged':
      return period(e.data);
    case 'MembershipPurchased':
    case 'MembershipRenewed':
    case 'MembershipPlanChanged': {
      const d = e.data;
      const coupon = d.coupon && d.coupon.months_left !== 0 ? d.coupon : null;
      return { ...period(d), coupon_code: coupon ? coupon.code : null, coupon_months_left: coupon ? coupon.months_left : null };
    }
    case 'MembershipRenewalFailed':
      return { grace_ends_at: e.data.grace_ends_at, renewal_attempts: e.data.attempt, due_at: e.data.next_attempt_at ?? e.data.grace_ends_at };
    case 'MembershipLapsed':
      return { ...period({ package: 'FREE', plan: null, starts_at: null, ends_at: null }), coupon_code: null, coupon_months_left: null };
    case 'MembershipCancellationScheduled':
      return { cancel_at_period_end: true, scheduled_package: null, scheduled_plan: null };
    case 'MembershipCancellationWithdrawn':
      return { cancel_at_period_end: false, scheduled_package: null, scheduled_plan: null };
    case 'MembershipChangeScheduled':
      return { cancel_at_period_end: false, scheduled_package: e.data.package, scheduled_plan: e.data.plan };
    case 'MembershipTrialEnded':
      return { due_at: null };
  }
  return undefined;
}

/** The paid periods, billing details and saved cards an event writes. */
async function otherRows(db: Db, tenant: string, at: Date, e: Rec): Promise<void> {
  switch (e.type) {
    case 'MembershipPurchased':
    case 'MembershipRenewed':
    case 'MembershipPlanChanged': {
      const d = e.data;
      const kind = e.type === 'MembershipPurchased' ? 'purchase' : e.type === 'MembershipRenewed' ? 'renewal' : 'change';
      await db
        .insertInto('membership_periods')
        .values({
          id: d.invoice_id,
          tenant_id: tenant,
          kind,
          package: d.package,
          plan: d.plan,
          starts_at: d.starts_at,
          ends_at: d.ends_at,
          invoice_id: d.invoice_id,
          net: d.net,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      break;
    }
    case 'BillingDetailsUpdated': {
      const { business_id: _id, ...d } = e.data;
      void _id;
      await db
        .insertInto('billing_details')
        .values({ tenant_id: tenant, ...d, updated_at: at })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...d, updated_at: at }))
        .execute();
      break;
    }
    case 'PaymentMethodAdded': {
      const c = e.data.card;
      if (e.data.is_default) await db.updateTable('payment_methods').set({ is_default: false }).where('tenant_id', '=', tenant).execute();
      await db
        .insertInto('payment_methods')
        .values({ ...c, tenant_id: tenant, is_default: e.data.is_default, created_at: e.data.at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      break;
    }
    case 'PaymentMethodRemoved':
      await db.deleteFrom('payment_methods').where('tenant_id', '=', tenant).where('id', '=', e.data.payment_method_id).execute();
      if (e.data.new_default_id) {
        await db.updateTable('payment_methods').set({ is_default: true }).where('tenant_id', '=', tenant).where('id', '=', e.data.new_default_id).execute();
      }
      break;
    case 'DefaultPaymentMethodChanged':
      await db
        .updateTable('payment_methods')
        .set({ is_default: sql<boolean>`id = ${e.data.payment_method_id}::uuid` })
        .where('tenant_id', '=', tenant)
        .execute();
      break;
  }
}

/**
 * The membership row of each business (what the plan gate, the SMS allowance and the settings
 * read), its paid periods, saved cards and billing details. It reads the account's trial and
 * package events as well as the membership stream's, so a rebuild from the log alone gives it.
 */
export const membershipsProjection: InlineProjection<MembershipEvent | AccountEvent, Database> = {
  name: 'billing.memberships',
  handles: [...ACCOUNT_MEMBERSHIP_EVENT_TYPES, ...MEMBERSHIP_EVENT_TYPES],
  tables: ['memberships', 'membership_periods', 'payment_methods', 'billing_details'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      const set = membershipChange(e);
      if (set) await upsert(db, tenant, set, at);
      await otherRows(db, tenant, at, e);
    }
  },
};
