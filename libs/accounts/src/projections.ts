import { deleteRow, updateBusinessRow, updateRow, type InlineProjection } from '@tabour/eventstore';
import { emailKey, type Database } from '@tabour/platform';
import { ACCOUNT_EVENT_TYPES, AccountEvent } from './account';
import { UserEvent } from './user';
import './tables';

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

type UserFields = { user_id: string; email: string; first_name: string; last_name: string; phone: string | null; role: string; position: string };

/** A login's row, the owner's at registration or a member's later: the e-mail is matched by its key (look-alikes folded). */
const userRow = (tenant: string, at: Date, u: UserFields) => ({
  id: u.user_id,
  tenant_id: tenant,
  email: u.email,
  email_lower: emailKey(u.email),
  first_name: u.first_name,
  last_name: u.last_name,
  phone: u.phone,
  language: null,
  role: u.role,
  position: u.position,
  created_at: at,
  updated_at: at,
});

/** The users table; its unique index on email_lower makes two registrations of one e-mail, or of look-alikes, fail in the append. */
export const usersProjection: InlineProjection<UserEvent | AccountEvent, Database> = {
  name: 'accounts.users',
  handles: ['BusinessRegistered', 'UserCreated', 'UserProfileUpdated', 'UserRemoved'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'BusinessRegistered': {
          await db
            .insertInto('users')
            .values(userRow(tenant, at, { ...e.data.owner, phone: e.data.phone, role: 'ADMIN', position: 'Admin' }))
            .execute();
          break;
        }
        case 'UserCreated': {
          const d = e.data;
          // A login re-created for the same member replaces the removed one's row, if any.
          await db.deleteFrom('users').where('id', '=', d.user_id).execute();
          await db
            .insertInto('users')
            .values(userRow(tenant, at, { ...d, phone: null }))
            .execute();
          break;
        }
        case 'UserProfileUpdated': {
          const c = e.data.changes;
          await updateRow(db, 'users', tenant, e.data.user_id, { ...c, ...(c.email ? { email_lower: emailKey(c.email) } : {}), updated_at: at });
          break;
        }
        case 'UserRemoved':
          await deleteRow(db, 'users', tenant, e.data.user_id);
          break;
      }
    }
  },
  tables: ['users'],
};

export const ACCOUNTS_PROJECTIONS: readonly InlineProjection[] = [businessAccountsProjection, usersProjection];
