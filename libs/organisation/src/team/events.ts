import type { WorkingDays } from '../shared';
import type { MemberFields } from './commands';

export type TeamEvent =
  | { type: 'TeamMemberAdded'; data: { member_id: string; business_id: string } & MemberFields & { working_days: WorkingDays | null } }
  | { type: 'TeamMemberUpdated'; data: { member_id: string; business_id: string; changes: Partial<MemberFields> } }
  | { type: 'TeamMemberWorkingDaysUpdated'; data: { member_id: string; business_id: string; working_days: WorkingDays } }
  | { type: 'TeamMemberRemoved'; data: { member_id: string; business_id: string } };

/**
 * The accounts context's registration event: its owner is the business's first member.
 * Folded into the owner's member state so the owner can be edited like anyone else.
 */
export interface BusinessRegisteredEvent {
  type: 'BusinessRegistered';
  data: {
    business_id: string;
    name: string;
    email?: string | null;
    phone?: string | null;
    country?: string | null;
    owner: { user_id: string; first_name: string; last_name: string; email: string };
  };
}

/**
 * The accounts context's profile change. When members edit their own profile (source 'self')
 * their name, e-mail and phone change for the team too; the team's own edits arrive as
 * TeamMemberUpdated and are passed on to the login, so they are not taken twice.
 */
export interface UserProfileUpdatedEvent {
  type: 'UserProfileUpdated';
  data: {
    user_id: string;
    business_id: string;
    source: 'self' | 'team';
    changes: Partial<Pick<MemberFields, 'first_name' | 'last_name' | 'email' | 'phone'>> & Record<string, unknown>;
  };
}

/** The part of a self-made profile change the team shows. */
export function selfProfileChanges(event: UserProfileUpdatedEvent): Partial<MemberFields> {
  if (event.data.source !== 'self') return {};
  const out: Partial<MemberFields> = {};
  for (const key of ['first_name', 'last_name', 'email', 'phone'] as const) {
    if (event.data.changes[key] !== undefined)
      (out as Record<string, unknown>)[key] = key === 'email' ? String(event.data.changes.email).toLowerCase() : event.data.changes[key];
  }
  return out;
}

export const TEAM_EVENT_TYPES = ['TeamMemberAdded', 'TeamMemberUpdated', 'TeamMemberWorkingDaysUpdated', 'TeamMemberRemoved'] as const;

/** The owner's registration event, if this member is the owner who registered the business. */
export function ownerRegistration(events: { type: string; data: unknown }[], memberId: string): BusinessRegisteredEvent | null {
  const e = events.find((x) => x.type === 'BusinessRegistered' && (x.data as { owner?: { user_id?: string } } | null)?.owner?.user_id === memberId);
  return (e as BusinessRegisteredEvent) ?? null;
}
