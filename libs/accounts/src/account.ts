import type { Decider } from '@tabour/eventstore';
import { conflict, invalid, notFound } from '@tabour/platform';

export const accountStream = (businessId: string) => `account-${businessId}`;

export const TRIAL_DAYS = 14;
export const TRIAL_SMS = 200;
import { PAID_PACKAGES, PLANS, type MembershipView, type Plan } from '@tabour/contracts';

// The packages, plans and the membership's answer are the contract's, shared with the web.
export { PAID_PACKAGES, PLANS, type MembershipView, type Plan };
export type ChosenPackage = (typeof PAID_PACKAGES)[number];

export interface Owner {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** Consumed by the organisation context (business profile, owner in the team): keep the names. */
export interface BusinessRegistered {
  type: 'BusinessRegistered';
  data: {
    business_id: string;
    name: string;
    email: string;
    phone: string | null;
    country: string | null;
    owner: Owner;
    registered_at: string;
    /** Names the owner's password hash, written beside the event (the hash never enters it). */
    owner_credential_id: string | null;
  };
}
export interface MembershipTrialStarted {
  type: 'MembershipTrialStarted';
  data: { business_id: string; starts_at: string; ends_at: string; sms_allowance: number };
}
export interface BusinessApproved {
  type: 'BusinessApproved';
  data: { business_id: string; approved_at: string; automatic: boolean };
}
export interface MembershipPackageChanged {
  type: 'MembershipPackageChanged';
  /** ends_at: null for FREE, which never runs out. */
  data: { business_id: string; package: ChosenPackage; plan: Plan | null; starts_at: string; ends_at: string | null };
}
export type AccountEvent = BusinessRegistered | MembershipTrialStarted | BusinessApproved | MembershipPackageChanged;
export const ACCOUNT_EVENT_TYPES = ['BusinessRegistered', 'MembershipTrialStarted', 'BusinessApproved', 'MembershipPackageChanged'] as const;

export type AccountCommand =
  | {
      type: 'RegisterBusiness';
      business_id: string;
      name: string;
      email: string;
      phone: string | null;
      country: string | null;
      owner: Owner;
      credential_id: string | null;
      auto_approve: boolean;
      now: Date;
    }
  | { type: 'ApproveBusiness'; business_id: string; now: Date }
  | { type: 'ChangePackage'; business_id: string; package: ChosenPackage; plan: Plan | null; now: Date };

export type AccountState =
  | { status: 'none' }
  | {
      status: 'pending' | 'approved';
      business_id: string;
      owner_id: string;
      trial_ends_at: string | null;
      package: ChosenPackage | null;
      plan: Plan | null;
      package_ends_at: string | null;
    };

const DAY = 24 * 3600 * 1000;

export function addPeriod(from: Date, plan: Plan): Date {
  const d = new Date(from);
  if (plan === 'monthly') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'RegisterBusiness') {
      if (state.status !== 'none') throw conflict('This business is already registered', 'already_registered');
      const ends = new Date(command.now.getTime() + TRIAL_DAYS * DAY).toISOString();
      const { business_id, name, email, phone, country, owner } = command;
      const events: AccountEvent[] = [
        {
          type: 'BusinessRegistered',
          data: { business_id, name, email, phone, country, owner, registered_at: at, owner_credential_id: command.credential_id },
        },
        { type: 'MembershipTrialStarted', data: { business_id, starts_at: at, ends_at: ends, sms_allowance: TRIAL_SMS } },
      ];
      if (command.auto_approve) events.push({ type: 'BusinessApproved', data: { business_id, approved_at: at, automatic: true } });
      return events;
    }
    if (state.status === 'none') throw notFound('No business account found');
    if (command.type === 'ApproveBusiness') {
      if (state.status === 'approved') return [];
      return [{ type: 'BusinessApproved', data: { business_id: command.business_id, approved_at: at, automatic: false } }];
    }
    if (!PAID_PACKAGES.includes(command.package)) throw invalid('Select a valid package', { package: ['Select a valid package'] });
    if (command.package === 'FREE' && command.plan !== null) throw invalid('The free package has no plan', { plan: ['The free package has no plan'] });
    if (command.package !== 'FREE' && (command.plan === null || !PLANS.includes(command.plan))) {
      throw invalid('Select a valid plan', { plan: ['Select a valid plan'] });
    }
    const ends_at = command.plan ? addPeriod(command.now, command.plan).toISOString() : null;
    return [
      { type: 'MembershipPackageChanged', data: { business_id: command.business_id, package: command.package, plan: command.plan, starts_at: at, ends_at } },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BusinessRegistered':
        return {
          status: 'pending',
          business_id: event.data.business_id,
          owner_id: event.data.owner.user_id,
          trial_ends_at: null,
          package: null,
          plan: null,
          package_ends_at: null,
        };
      case 'MembershipTrialStarted':
        return state.status === 'none' ? state : { ...state, trial_ends_at: event.data.ends_at };
      case 'BusinessApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'MembershipPackageChanged':
        return state.status === 'none' ? state : { ...state, package: event.data.package, plan: event.data.plan, package_ends_at: event.data.ends_at };
    }
  },
};
