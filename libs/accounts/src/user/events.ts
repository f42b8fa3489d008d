import type { Position, Role } from '@tabour/platform';
import { LANGUAGES, type Language } from '@tabour/contracts';

// The interface languages are the contract's, shared with the web.
export { LANGUAGES, type Language };

export interface Profile {
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: Language | null;
  position: Position;
  role: Role;
}

/** A team member's login; the owner's begins with BusinessRegistered on the account stream. */
export interface UserCreated {
  type: 'UserCreated';
  data: { user_id: string; business_id: string } & Omit<Profile, 'phone' | 'language'>;
}
export interface UserProfileUpdated {
  type: 'UserProfileUpdated';
  /** source: the user's own profile screen, or the team screen of the organisation context. */
  data: { user_id: string; business_id: string; source: 'self' | 'team'; changes: Partial<Profile> };
}
/**
 * The hash itself stays out of the log: credential_id names the hash written beside the event
 * in the same transaction (see docs/accounts.md).
 */
export interface UserPasswordChanged {
  type: 'UserPasswordChanged';
  data: { user_id: string; business_id: string; credential_id: string; reason: 'changed' | 'reset' | 'set' };
}
export interface PasswordResetRequested {
  type: 'PasswordResetRequested';
  data: { user_id: string; business_id: string; reason: 'forgotten' | 'new_login' };
}
export interface UserRemoved {
  type: 'UserRemoved';
  data: { user_id: string; business_id: string };
}
export type UserEvent = UserCreated | UserProfileUpdated | UserPasswordChanged | PasswordResetRequested | UserRemoved;
export const USER_EVENT_TYPES = ['UserCreated', 'UserProfileUpdated', 'UserPasswordChanged', 'PasswordResetRequested', 'UserRemoved'] as const;
