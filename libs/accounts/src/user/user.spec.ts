import { specification } from '@tabour/eventstore/testing';
import { BusinessRegistered } from '../account';
import { CANNOT_REMOVE_SELF, ownerOrigin, userDecider, UserEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '99999999-9999-4999-8999-999999999999';
const U = '33333333-3333-4333-8333-333333333333';
const ADMIN = '22222222-2222-4222-8222-222222222222';

const registration: BusinessRegistered = {
  type: 'BusinessRegistered',
  data: {
    business_id: B,
    name: 'Clinic',
    email: 'ola@example.test',
    phone: null,
    country: null,
    owner: { user_id: ADMIN, first_name: 'Ola', last_name: 'Owner', email: 'ola@example.test' },
    registered_at: '2026-11-22T08:00:00.000Z',
    owner_credential_id: null,
  },
};
const created: UserEvent = {
  type: 'UserCreated',
  data: { user_id: U, business_id: B, email: 'aya@example.test', first_name: 'Aya', last_name: 'Agent', position: 'Employee', role: 'EMPLOYEE' },
};

const spec = specification(userDecider);

describe('user decider', () => {
  it('creates a staff login with the role of its position and a lower-case e-mail', () => {
    spec
      .given([])
      .when({ type: 'CreateLogin', user_id: U, business_id: B, email: ' Aya@Example.TEST ', first_name: 'Aya', last_name: 'Agent', position: 'Front Desk' })
      .then([
        {
          type: 'UserCreated',
          data: { user_id: U, business_id: B, email: 'aya@example.test', first_name: 'Aya', last_name: 'Agent', position: 'Front Desk', role: 'FRONT_DESK' },
        },
      ]);
  });

  it('keeps an explicit role given with the position', () => {
    const [e] = spec
      .given([])
      .when({ type: 'CreateLogin', user_id: U, business_id: B, email: 'a@b.test', first_name: 'A', last_name: 'B', position: 'Employee', role: 'MANAGER' })
      .outcome().events;
    expect(e.data).toMatchObject({ position: 'Employee', role: 'MANAGER' });
  });

  it('refuses a second login for the same member', () => {
    spec
      .given([created])
      .when({ type: 'CreateLogin', user_id: U, business_id: B, email: 'x@y.test', first_name: 'A', last_name: 'B', position: 'Employee' })
      .thenRefuses({ status: 422 });
  });

  it('records only the profile fields that change, and the new role with a new position', () => {
    spec
      .given([created])
      .when({ type: 'UpdateProfile', user_id: U, business_id: B, source: 'team', fields: { first_name: 'Aya', last_name: 'Agentova', position: 'Manager' } })
      .then([
        {
          type: 'UserProfileUpdated',
          data: { user_id: U, business_id: B, source: 'team', changes: { last_name: 'Agentova', position: 'Manager', role: 'MANAGER' } },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateProfile', user_id: U, business_id: B, source: 'self', fields: { first_name: 'Aya' } })
      .thenNothingHappens();
  });

  it('refuses an empty name and a malformed e-mail, naming each field', () => {
    const refusal = spec
      .given([created])
      .when({ type: 'UpdateProfile', user_id: U, business_id: B, source: 'self', fields: { first_name: ' ', email: 'nope' } })
      .thenRefuses({ status: 422 });
    expect(refusal.errors).toEqual({ first_name: ['The first name is required'], email: ['Email is invalid or used by another account'] });
  });

  it('treats the owner of a registration as an active ADMIN user', () => {
    const origin = ownerOrigin([registration], ADMIN);
    spec
      .given(origin)
      .when({ type: 'ChangePassword', user_id: ADMIN, business_id: B, credential_id: 'c2', reason: 'changed' })
      .then([{ type: 'UserPasswordChanged', data: { user_id: ADMIN, business_id: B, credential_id: 'c2', reason: 'changed' } }]);
    expect(ownerOrigin([registration], U)).toEqual([]);
  });

  it('answers 404 for a user of another business, or one removed', () => {
    const removed: UserEvent = { type: 'UserRemoved', data: { user_id: U, business_id: B } };
    spec.given([created]).when({ type: 'RequestPasswordReset', user_id: U, business_id: OTHER, reason: 'forgotten' }).thenRefuses({ status: 404 });
    spec.given([created, removed]).when({ type: 'RequestPasswordReset', user_id: U, business_id: B, reason: 'forgotten' }).thenRefuses({ status: 404 });
  });

  it('removes a user, but never the caller', () => {
    spec
      .given([created])
      .when({ type: 'RemoveUser', user_id: U, business_id: B, actor_user_id: ADMIN })
      .then([{ type: 'UserRemoved', data: { user_id: U, business_id: B } }]);
    spec
      .given([created])
      .when({ type: 'RemoveUser', user_id: U, business_id: B, actor_user_id: U })
      .thenRefuses({ code: 'cannot_remove_self', message: CANNOT_REMOVE_SELF });
  });

  it('lets a removed member get a new login', () => {
    const removed: UserEvent = { type: 'UserRemoved', data: { user_id: U, business_id: B } };
    spec
      .given([created, removed])
      .when({ type: 'CreateLogin', user_id: U, business_id: B, email: 'aya@example.test', first_name: 'Aya', last_name: 'Agent', position: 'Employee' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['UserCreated']));
  });
});
