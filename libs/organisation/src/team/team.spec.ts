import { specification } from '@tabour/eventstore/testing';
import { BusinessRegisteredEvent, MemberInput, ownerRegistration, teamDecider, TeamEvent } from '.';

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

const spec = specification(teamDecider);
const oneEvent = (events: unknown[]) => expect(events).toHaveLength(1);

describe('team members', () => {
  it('adds a member with the role of the position and a lower-case e-mail', () => {
    spec.given([]).when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: admin, fields: input }).then([added()]);
  });

  it('grants ADMIN or MANAGER explicitly, whatever the position', () => {
    spec
      .given([])
      .when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: admin, fields: { ...input, role: 'MANAGER' } })
      .then(([event]) => expect((event as Extract<TeamEvent, { type: 'TeamMemberAdded' }>).data.role).toBe('MANAGER'));
  });

  it('lets only ADMIN or MANAGER add members, and only ADMIN add administrators', () => {
    const g = spec.given([]);
    g.when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: employee, fields: input }).thenRefuses({ status: 403 });
    g.when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: manager, fields: { ...input, position: 'Admin' } }).thenRefuses({ status: 403 });
    g.when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: manager, fields: input }).then(oneEvent);
  });

  it('refuses a bad e-mail with the text the screens expect', () => {
    const error = spec
      .given([])
      .when({ type: 'AddTeamMember', member_id: M, business_id: B, actor: admin, fields: { ...input, email: 'not-an-email' } })
      .thenRefuses({ fields: ['email'] });
    expect(error.errors?.email).toEqual(['Email is invalid or used by another account']);
  });

  it('starts the owner from the business registration, as an administrator', () => {
    const owner = spec.given([registered]);
    expect(owner.state).toMatchObject({ status: 'active', business_id: B, position: 'Admin', role: 'ADMIN', email: 'owner@example.test' });
    owner
      .when({ type: 'UpdateTeamMember', member_id: OWNER, business_id: B, actor: admin, fields: { phone: '+216 20 000 000' } })
      .then([{ type: 'TeamMemberUpdated', data: { member_id: OWNER, business_id: B, changes: { phone: '+216 20 000 000' } } }]);
    expect(ownerRegistration([registered], OWNER)).toBe(registered);
    expect(ownerRegistration([registered], M)).toBeNull();
  });

  it('keeps a member from changing their own role', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateTeamMember', member_id: OWNER, business_id: B, actor: admin, fields: { position: 'Employee' } })
      .thenRefuses({ status: 409 });
  });

  it('derives the role again when the position changes', () => {
    spec
      .given([added()])
      .when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { position: 'Manager' } })
      .then([{ type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { position: 'Manager', role: 'MANAGER' } } }]);
  });

  it('reads a whole record sent back by a form: the echoed role of the old position gives way to the new one', () => {
    const manager: TeamEvent = { type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { position: 'Manager', role: 'MANAGER' } } };
    const g = spec.given([added(), manager]);
    const record = { ...input, email: 'sara@example.test', position: 'Manager' as const, role: 'MANAGER' as const };
    const changes = (events: unknown[]) => (events[0] as Extract<TeamEvent, { type: 'TeamMemberUpdated' }>).data.changes;
    g.when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: record }).thenNothingHappens();
    g.when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { ...record, position: 'Employee' } }).then((demoted) =>
      expect(changes(demoted)).toEqual({ position: 'Employee', role: 'EMPLOYEE' }),
    );
    // A role that is no grant (the position's own, or another staff role) follows the position.
    spec
      .given([added()])
      .when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { position: 'Other', role: 'CEO' } })
      .then((stale) => expect(changes(stale)).toEqual({ position: 'Other', role: 'OTHER' }));
  });

  it('keeps an explicit role when other fields change', () => {
    const granted: TeamEvent = { type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { role: 'MANAGER' } } };
    spec
      .given([added(), granted])
      .when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { first_name: 'Sarra' } })
      .then([{ type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { first_name: 'Sarra' } } }]);
  });

  it('will not take away the e-mail of a member who logs in', () => {
    spec
      .given([added()])
      .when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: { email: null } })
      .thenRefuses({ fields: ['email'] });
  });

  it("lets members set their own hours but not someone else's", () => {
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day: day as 'monday',
      open: false,
      ranges: [],
    }));
    spec.given([added()]).when({ type: 'UpdateTeamMemberWorkingDays', member_id: M, business_id: B, actor: employee, working_days: week }).then(oneEvent);
    spec
      .given([registered])
      .when({ type: 'UpdateTeamMemberWorkingDays', member_id: OWNER, business_id: B, actor: employee, working_days: week })
      .thenRefuses({ status: 403 });
  });

  it('protects administrators from managers and members from removing themselves', () => {
    spec.given([registered]).when({ type: 'RemoveTeamMember', member_id: OWNER, business_id: B, actor: manager }).thenRefuses({ status: 403 });
    spec.given([registered]).when({ type: 'RemoveTeamMember', member_id: OWNER, business_id: B, actor: admin }).thenRefuses({ status: 409 });
    spec.given([added()]).when({ type: 'RemoveTeamMember', member_id: M, business_id: B, actor: manager }).then(oneEvent);
  });

  it("takes in the profile changes members make themselves, not the team's own echoed back", () => {
    const self = {
      type: 'UserProfileUpdated' as const,
      data: { user_id: M, business_id: B, source: 'self' as const, changes: { first_name: 'Sarra', email: 'New@Example.test', language: 'fr' } },
    };
    const echo = { type: 'UserProfileUpdated' as const, data: { user_id: M, business_id: B, source: 'team' as const, changes: { first_name: 'Ignored' } } };
    expect(spec.given([added(), self, echo]).state).toMatchObject({ first_name: 'Sarra', email: 'new@example.test', last_name: 'Ben Ali' });
  });

  it('answers another business or a removed member like a missing one', () => {
    const removed: TeamEvent = { type: 'TeamMemberRemoved', data: { member_id: M, business_id: B } };
    spec.given([added()]).when({ type: 'RemoveTeamMember', member_id: M, business_id: OTHER, actor: admin }).thenRefuses({ status: 404 });
    spec.given([added(), removed]).when({ type: 'UpdateTeamMember', member_id: M, business_id: B, actor: admin, fields: {} }).thenRefuses({ status: 404 });
  });
});
