import { BusinessRegisteredEvent, MemberInput, ownerRegistration, teamDecider, TeamEvent } from './team';
import { given } from '../test-support';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const OWNER = '33333333-3333-4333-8333-333333333333';
const M = '44444444-4444-4444-8444-444444444444';
const admin = { user_id: OWNER, role: 'ADMIN' as const };
const manager = { user_id: '55555555-5555-4555-8555-555555555555', role: 'MANAGER' as const };
const employee = { user_id: M, role: 'EMPLOYEE' as const };

const input: MemberInput = {
  first_name: 'Sara',
  last_name: 'Ben Ali',
  email: 'Sara@Example.test',
  phone: null,
  photo: null,
  position: 'Secretary',
  department_id: null,
  is_bookable: true,
  member_since: '2026-01-15',
};
const registered: BusinessRegisteredEvent = {
  type: 'BusinessRegistered',
  data: { business_id: B, name: 'Clinic', owner: { user_id: OWNER, first_name: 'Olfa', last_name: 'Owner', email: 'owner@example.test' } },
};
const added = (role: 'SECRETARY' | 'ADMIN' = 'SECRETARY'): TeamEvent => ({
  type: 'TeamMemberAdded',
  data: { member_id: M, business_id: B, ...input, email: 'sara@example.test', role, working_days: null },
});

describe('team members', () => {
  it('adds a member with the role of the position and a lower-case e-mail', () => {
    const { events } = given(teamDecider, []).when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: admin, fields: input });
    expect(events).toEqual([added()]);
  });

  it('grants ADMIN or MANAGER explicitly, whatever the position', () => {
    const { events } = given(teamDecider, []).when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: admin, fields: { ...input, role: 'MANAGER' } });
    expect((events![0] as Extract<TeamEvent, { type: 'TeamMemberAdded' }>).data.role).toBe('MANAGER');
  });

  it('lets only ADMIN or MANAGER add members, and only ADMIN add administrators', () => {
    const g = given(teamDecider, []);
    expect(g.when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: employee, fields: input }).error?.status).toBe(403);
    expect(g.when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: manager, fields: { ...input, position: 'Admin' } }).error?.status).toBe(403);
    expect(g.when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: manager, fields: input }).events).toHaveLength(1);
  });

  it('refuses a bad e-mail with the text the screens expect', () => {
    const { error } = given(teamDecider, []).when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: admin, fields: { ...input, email: 'not-an-email' } });
    expect(error?.errors?.email).toEqual(['Email is invalid or used by another account']);
  });

  it('starts the owner from the business registration, as an administrator', () => {
    const { state, when } = given(teamDecider, [registered]);
    expect(state).toMatchObject({ status: 'active', business_id: B, position: 'Admin', role: 'ADMIN', email: 'owner@example.test' });
    const { events } = when({ type: 'UpdateTeamMember', member_id: OWNER, business_id: B, actor: admin, fields: { phone: '+216 20 000 000' } });
    expect(events).toEqual([{ type: 'TeamMemberUpdated', data: { member_id: OWNER, business_id: B, changes: { phone: '+216 20 000 000' } } }]);
    expect(ownerRegistration([registered], OWNER)).toBe(registered);
    expect(ownerRegistration([registered], M)).toBeNull();
  });

  it('keeps a member from changing their own role', () => {
    const { error } = given(teamDecider, [registered]).when({ type: 'UpdateTeamMember', member_id: OWNER, business_id: B, actor: admin, fields: { position: 'Employee' } });
    expect(error?.status).toBe(409);
  });

  it('derives the role again when the position changes', () => {
    const { events } = given(teamDecider, [added()]).when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { position: 'Manager' } });
    expect(events).toEqual([{ type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { position: 'Manager', role: 'MANAGER' } } }]);
  });

  it('reads a whole record sent back by a form: the echoed role of the old position gives way to the new one', () => {
    const manager: TeamEvent = { type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { position: 'Manager', role: 'MANAGER' } } };
    const g = given(teamDecider, [added(), manager]);
    const record = { ...input, email: 'sara@example.test', position: 'Manager' as const, role: 'MANAGER' as const };
    expect(g.when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: record }).events).toEqual([]);
    const demoted = g.when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { ...record, position: 'Employee' } }).events!;
    expect((demoted[0] as Extract<TeamEvent, { type: 'TeamMemberUpdated' }>).data.changes).toEqual({ position: 'Employee', role: 'EMPLOYEE' });
    // A role that is no grant (the position's own, or another staff role) follows the position.
    const stale = given(teamDecider, [added()]).when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { position: 'Other', role: 'CEO' } }).events!;
    expect((stale[0] as Extract<TeamEvent, { type: 'TeamMemberUpdated' }>).data.changes).toEqual({ position: 'Other', role: 'OTHER' });
  });

  it('keeps an explicit role when other fields change', () => {
    const granted: TeamEvent = { type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { role: 'MANAGER' } } };
    const { events } = given(teamDecider, [added(), granted]).when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { first_name: 'Sarra' } });
    expect(events).toEqual([{ type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { first_name: 'Sarra' } } }]);
  });

  it('will not take away the e-mail of a member who logs in', () => {
    const { error } = given(teamDecider, [added()]).when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { email: null } });
    expect(error?.errors?.email).toBeDefined();
  });

  it('lets members set their own hours but not someone else\'s', () => {
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day: day as 'monday', open: false, ranges: [] }));
    const g = given(teamDecider, [added()]);
    expect(g.when({ type: 'UpdateTeamMemberWorkingDays', member_id: M, business_id: B, actor: employee, working_days: week }).events).toHaveLength(1);
    const other = given(teamDecider, [registered]);
    expect(other.when({ type: 'UpdateTeamMemberWorkingDays', member_id: OWNER, business_id: B, actor: employee, working_days: week }).error?.status).toBe(403);
  });

  it('protects administrators from managers and members from removing themselves', () => {
    expect(given(teamDecider, [registered]).when({ type: 'RemoveTeamMember', member_id: OWNER, business_id: B, actor: manager }).error?.status).toBe(403);
    expect(given(teamDecider, [registered]).when({ type: 'RemoveTeamMember', member_id: OWNER, business_id: B, actor: admin }).error?.status).toBe(409);
    expect(given(teamDecider, [added()]).when({ type: 'RemoveTeamMember', member_id: M, business_id: B, actor: manager }).events).toHaveLength(1);
  });

  it('takes in the profile changes members make themselves, not the team\'s own echoed back', () => {
    const self = { type: 'UserProfileUpdated' as const, data: { user_id: M, business_id: B, source: 'self' as const, changes: { first_name: 'Sarra', email: 'New@Example.test', language: 'fr' } } };
    const echo = { type: 'UserProfileUpdated' as const, data: { user_id: M, business_id: B, source: 'team' as const, changes: { first_name: 'Ignored' } } };
    const { state } = given(teamDecider, [added(), self, echo]);
    expect(state).toMatchObject({ first_name: 'Sarra', email: 'new@example.test', last_name: 'Ben Ali' });
  });

  it('answers another business or a removed member like a missing one', () => {
    const removed: TeamEvent = { type: 'TeamMemberRemoved', data: { member_id: M, business_id: B } };
    expect(given(teamDecider, [added()]).when({ type: 'RemoveTeamMember', member_id: M, business_id: OTHER, actor: admin }).error?.status).toBe(404);
    expect(given(teamDecider, [added(), removed]).when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: {} }).error?.status).toBe(404);
  });
});
