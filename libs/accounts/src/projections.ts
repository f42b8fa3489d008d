import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { ACCOUNT_EVENT_TYPES, AccountEvent } from './account';
import { UserEvent } from './user';
import './tables';

export const businessAccountsProjection: InlineProjection<AccountEvent, Database> = {
  name: 'accounts.business_accounts',
  handles: ACCOUNT_EVENT_TYPES,
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
          await db
            .updateTable('business_accounts')
            .set({ trial_ends_at: e.data.ends_at, trial_sms: e.data.sms_allowance })
            .where('tenant_id', '=', tenant)
            .execute();
          break;
        case 'BusinessApproved':
          await db.updateTable('business_accounts').set({ status: 'approved', approved_at: e.data.approved_at }).where('tenant_id', '=', tenant).execute();
          break;
        case 'MembershipPackageChanged':
          await db
            .updateTable('business_accounts')
            .set({ package: e.data.package, plan: e.data.plan, package_starts_at: e.data.starts_at, package_ends_at: e.data.ends_at })
            .where('tenant_id', '=', tenant)
            .execute();
          break;
      }
    }
  },
  tables: ['business_accounts'],
};

/** The users table; its unique index on email_lower makes two registrations of one e-mail fail in the append. */
export const usersProjection: InlineProjection<UserEvent | AccountEvent, Database> = {
  name: 'accounts.users',
  handles: ['BusinessRegistered', 'UserCreated', 'UserProfileUpdated', 'UserRemoved'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'BusinessRegistered': {
          const o = e.data.owner;
          await db
            .insertInto('users')
            .values({
              id: o.user_id,
              tenant_id: tenant,
              email: o.email,
              email_lower: o.email.toLowerCase(),
              first_name: o.first_name,
              last_name: o.last_name,
              phone: e.data.phone,
              language: null,
              role: 'ADMIN',
              position: 'Admin',
              created_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'UserCreated': {
          const d = e.data;
          // A login re-created for the same member replaces the removed one's row, if any.
          await db.deleteFrom('users').where('id', '=', d.user_id).execute();
          await db
            .insertInto('users')
            .values({
              id: d.user_id,
              tenant_id: tenant,
              email: d.email,
              email_lower: d.email.toLowerCase(),
              first_name: d.first_name,
              last_name: d.last_name,
              phone: null,
              language: null,
              role: d.role,
              position: d.position,
              created_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'UserProfileUpdated': {
          const c = e.data.changes;
          await db
            .updateTable('users')
            .set({ ...c, ...(c.email ? { email_lower: c.email.toLowerCase() } : {}), updated_at: at })
            .where('tenant_id', '=', tenant)
            .where('id', '=', e.data.user_id)
            .execute();
          break;
        }
        case 'UserRemoved':
          await db.deleteFrom('users').where('tenant_id', '=', tenant).where('id', '=', e.data.user_id).execute();
          break;
      }
    }
  },
  tables: ['users'],
};

export const ACCOUNTS_PROJECTIONS: readonly InlineProjection[] = [businessAccountsProjection, usersProjection];
