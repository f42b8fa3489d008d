import { deleteRow, handlerProjection, updateRow } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { DepartmentEvent } from '../department';
import { selfProfileChanges, type BusinessRegisteredEvent, type TeamEvent, type UserProfileUpdatedEvent } from '../team';
import { json, stamps } from './rows';

type DepartmentDeleted = Extract<DepartmentEvent, { type: 'DepartmentDeleted' }>;

/** The team, its owner first: the registration's owner is the business's first member. */
export const teamProjection = handlerProjection<TeamEvent | BusinessRegisteredEvent | DepartmentDeleted | UserProfileUpdatedEvent, Database>(
  'organisation.team_members',
  ['team_members'],
  {
    BusinessRegistered: (db, e) => {
      const o = e.data.owner;
      const owner = { first_name: o.first_name, last_name: o.last_name, email: o.email.toLowerCase(), position: 'Admin', role: 'ADMIN' };
      return db
        .insertInto('team_members')
        .values({ id: o.user_id, tenant_id: e.data.business_id, ...owner, is_bookable: false, working_days: null, ...stamps(e.recordedAt) })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    TeamMemberAdded: (db, e) => {
      const { member_id, business_id: tenant, working_days, ...fields } = e.data;
      return db
        .insertInto('team_members')
        .values({ id: member_id, tenant_id: tenant, ...fields, working_days: working_days ? json(working_days) : null, ...stamps(e.recordedAt) })
        .execute();
    },
    TeamMemberUpdated: (db, e) => updateRow(db, 'team_members', e.data.business_id, e.data.member_id, { ...e.data.changes, updated_at: e.recordedAt }),
    TeamMemberWorkingDaysUpdated: (db, e) =>
      updateRow(db, 'team_members', e.data.business_id, e.data.member_id, { working_days: json(e.data.working_days), updated_at: e.recordedAt }),
    TeamMemberRemoved: (db, e) => deleteRow(db, 'team_members', e.data.business_id, e.data.member_id),
    UserProfileUpdated: async (db, e) => {
      const changes = selfProfileChanges(e);
      if (Object.keys(changes).length) await updateRow(db, 'team_members', e.data.business_id, e.data.user_id, { ...changes, updated_at: e.recordedAt });
    },
    DepartmentDeleted: (db, e) =>
      db
        .updateTable('team_members')
        .set({ department_id: null })
        .where('tenant_id', '=', e.data.business_id)
        .where('department_id', '=', e.data.department_id)
        .execute(),
  },
);
