import { deleteRow, updateRow, type InlineProjection } from '@tabour/eventstore';
import { emailKey, type Database } from '@tabour/platform';
import type { AccountEvent } from '../account';
import type { UserEvent } from '../user';
import '../tables';

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
