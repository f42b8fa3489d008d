import { specification } from '@tabour/eventstore/testing';
import { DomainError } from '@tabour/platform';
import { AccountCommand, accountDecider, TRIAL_SMS } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const owner = { user_id: '22222222-2222-4222-8222-222222222222', first_name: 'Ola', last_name: 'Owner', email: 'ola@example.test' };
const T0 = new Date('2026-11-22T08:00:00Z');
const register = (auto_approve: boolean): AccountCommand => ({
  type: 'RegisterBusiness',
  business_id: B,
  name: 'Clinic',
  email: owner.email,
  phone: null,
  country: 'TN',
  owner,
  credential_id: 'c1',
  auto_approve,
  now: T0,
});

const spec = specification(accountDecider);
const registered = (auto: boolean) => accountDecider.decide(register(auto), accountDecider.initialState());

describe('account decider', () => {
  it('registers a business with its owner and a 14-day trial of 200 SMS, pending approval', () => {
    const { events } = spec.given([]).when(register(false)).outcome();
    expect(events.map((e) => e.type)).toEqual(['BusinessRegistered', 'MembershipTrialStarted']);
    expect(events[0].data).toMatchObject({ business_id: B, name: 'Clinic', email: owner.email, phone: null, country: 'TN', owner, owner_credential_id: 'c1' });
    expect(events[1].data).toEqual({ business_id: B, starts_at: T0.toISOString(), ends_at: '2026-12-06T08:00:00.000Z', sms_allowance: TRIAL_SMS });
  });

  it('approves at once when the installation approves registrations automatically', () => {
    spec
      .given([])
      .when(register(true))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['BusinessRegistered', 'MembershipTrialStarted', 'BusinessApproved']));
  });

  it('refuses to register the same business twice', () => {
    const refusal = spec.given(registered(false)).when(register(false)).thenRefuses({ code: 'already_registered', status: 409 });
    expect(refusal).toBeInstanceOf(DomainError);
  });

  it('approves a pending business once, and approving again changes nothing', () => {
    const approve: AccountCommand = { type: 'ApproveBusiness', business_id: B, now: T0 };
    const { events } = spec
      .given(registered(false))
      .when(approve)
      .then([{ type: 'BusinessApproved', data: { business_id: B, approved_at: T0.toISOString(), automatic: false } }]);
    spec
      .given([...registered(false), ...events])
      .when(approve)
      .thenNothingHappens();
  });

  it('answers 404 for a business that was never registered', () => {
    spec.given([]).when({ type: 'ApproveBusiness', business_id: B, now: T0 }).thenRefuses({ status: 404 });
  });

  it('changes the package with a period end for paid plans and none for FREE', () => {
    const base = registered(true);
    const [pro] = spec.given(base).when({ type: 'ChangePackage', business_id: B, package: 'LIBERPRO', plan: 'yearly', now: T0 }).outcome().events;
    expect(pro.data).toMatchObject({ package: 'LIBERPRO', plan: 'yearly', ends_at: '2027-11-22T08:00:00.000Z' });
    const [free] = spec.given(base).when({ type: 'ChangePackage', business_id: B, package: 'FREE', plan: null, now: T0 }).outcome().events;
    expect(free.data).toMatchObject({ package: 'FREE', plan: null, ends_at: null });
  });

  it('refuses a paid package without a plan, and a plan on FREE', () => {
    const base = registered(true);
    spec.given(base).when({ type: 'ChangePackage', business_id: B, package: 'LIBERUP', plan: null, now: T0 }).thenRefuses({ status: 422 });
    spec.given(base).when({ type: 'ChangePackage', business_id: B, package: 'FREE', plan: 'monthly', now: T0 }).thenRefuses({ status: 422 });
  });
});
