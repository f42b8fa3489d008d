import { updateBusinessRow, type InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '../account';
import '../tables';

/** The customers context's record of a business deleting its account (libs/customers/src/privacy.ts). */
type AccountDeleted = { type: 'BusinessAccountDeleted'; data: { business_id: string } };

export const businessAccountsProjection: InlineProjection<AccountEvent | AccountDeleted, Database> = {
  name: 'accounts.business_accounts',
  handles: [...ACCOUNT_EVENT_TYPES, 'BusinessAccountDeleted'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'BusinessRegistered': {
          const d = e.data;
          await db
            .insertInto('business_accounts')
            .values({
              tenant_id: tenant,
              name: d.name,
              email: d.email,
              phone: d.phone,
              country: d.country,
              owner_user_id: d.owner.user_id,
              status: 'pending',
              registered_at: d.registered_at,
              // MembershipTrialStarted follows in the same append and sets the real values.
              trial_ends_at: d.registered_at,
              trial_sms: 0,
            })
            .execute();
          break;
        }
        case 'MembershipTrialStarted':
          await updateBusinessRow(db, 'business_accounts', tenant, { trial_ends_at: e.data.ends_at, trial_sms: e.data.sms_allowance });
          break;
        case 'BusinessApproved':
          await updateBusinessRow(db, 'business_accounts', tenant, { status: 'approved', approved_at: e.data.approved_at });
          break;
        case 'MembershipPackageChanged':
          await updateBusinessRow(db, 'business_accounts', tenant, {
            package: e.data.package,
            plan: e.data.plan,
            package_starts_at: e.data.starts_at,
            package_ends_at: e.data.ends_at,
          });
          break;
        case 'BusinessAccountDeleted':
          // The first deletion's time: a second one (a retried command) changes nothing.
          await db.updateTable('business_accounts').set({ deleted_at: e.recordedAt }).where('tenant_id', '=', tenant).where('deleted_at', 'is', null).execute();
          break;
      }
    }
  },
  tables: ['business_accounts'],
};
