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
