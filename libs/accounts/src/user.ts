import type { Decider } from '@tabour/eventstore';
import { invalid, notFound, roleForPosition, type Position, type Role } from '@tabour/platform';
import type { BusinessRegistered } from './account';

export const userStream = (userId: string) => `user-${userId}`;

// The interface languages are the contract's, shared with the web.
import { LANGUAGES, type Language } from '@tabour/contracts';
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

interface Target {
  user_id: string;
  business_id: string;
}
export type UserCommand =
  | ({ type: 'CreateLogin' } & Target & { email: string; first_name: string; last_name: string; position: Position; role?: Role })
  | ({ type: 'UpdateProfile' } & Target & { source: 'self' | 'team'; fields: Partial<Profile> })
  | ({ type: 'ChangePassword' } & Target & { credential_id: string; reason: UserPasswordChanged['data']['reason'] })
  | ({ type: 'RequestPasswordReset' } & Target & { reason: PasswordResetRequested['data']['reason'] })
  | ({ type: 'RemoveUser' } & Target & { actor_user_id: string | null });

export type UserState = { status: 'none' } | ({ status: 'active' | 'removed'; business_id: string } & Profile);

export const CANNOT_REMOVE_SELF = 'You cannot delete your own account';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The owner's registration, if `userId` owns the business registered in these events. */
export function ownerOrigin(events: { type: string; data: unknown }[], userId: string): BusinessRegistered[] {
  const e = events.find((x) => x.type === 'BusinessRegistered' && (x.data as { owner?: { user_id?: string } } | null)?.owner?.user_id === userId);
  return e ? [e as BusinessRegistered] : [];
}

function clean(fields: Partial<Profile>, current: Profile | null): Partial<Profile> {
  const errors: Record<string, string[]> = {};
  const out: Partial<Profile> = {};
  for (const key of ['first_name', 'last_name'] as const) {
    if (fields[key] === undefined) continue;
    const v = String(fields[key]).trim();
    if (!v) errors[key] = [`The ${key.replace('_', ' ')} is required`];
    else out[key] = v;
  }
  if (fields.email !== undefined) {
    const v = String(fields.email).trim().toLowerCase();
    if (!EMAIL.test(v)) errors.email = ['Email is invalid or used by another account'];
    else out.email = v;
  }
  if (fields.phone !== undefined) out.phone = fields.phone?.trim() || null;
  if (fields.language !== undefined) out.language = fields.language;
  if (fields.position !== undefined) {
    out.position = fields.position;
    out.role = fields.role ?? roleForPosition(fields.position);
  } else if (fields.role !== undefined) out.role = fields.role;
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors);
  if (!current) return out;
  // Only what actually changes becomes part of the fact.
  return Object.fromEntries(Object.entries(out).filter(([k, v]) => current[k as keyof Profile] !== v)) as Partial<Profile>;
}

export const userDecider: Decider<UserCommand, UserState, UserEvent | BusinessRegistered> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const ids = { user_id: command.user_id, business_id: command.business_id };
    if (command.type === 'CreateLogin') {
      if (state.status === 'active') throw invalid('This team member already has a login', { email: ['This team member already has a login'] }, 'login_exists');
      const f = clean(
        { email: command.email, first_name: command.first_name, last_name: command.last_name, position: command.position, role: command.role },
        null,
      );
      return [
        { type: 'UserCreated', data: { ...ids, email: f.email!, first_name: f.first_name!, last_name: f.last_name!, position: f.position!, role: f.role! } },
      ];
    }
    if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound('No user found');
    switch (command.type) {
      case 'UpdateProfile': {
        const changes = clean(command.fields, state);
        return Object.keys(changes).length ? [{ type: 'UserProfileUpdated', data: { ...ids, source: command.source, changes } }] : [];
      }
      case 'ChangePassword':
        return [{ type: 'UserPasswordChanged', data: { ...ids, credential_id: command.credential_id, reason: command.reason } }];
      case 'RequestPasswordReset':
        return [{ type: 'PasswordResetRequested', data: { ...ids, reason: command.reason } }];
      case 'RemoveUser':
        if (command.actor_user_id === command.user_id) throw invalid(CANNOT_REMOVE_SELF, { id: [CANNOT_REMOVE_SELF] }, 'cannot_remove_self');
        return [{ type: 'UserRemoved', data: ids }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BusinessRegistered': {
        const o = event.data.owner;
        return {
          status: 'active',
          business_id: event.data.business_id,
          email: o.email,
          first_name: o.first_name,
          last_name: o.last_name,
          phone: null,
          language: null,
          position: 'Admin',
          role: 'ADMIN',
        };
      }
      case 'UserCreated': {
        const { user_id: _u, business_id, ...profile } = event.data;
        return { status: 'active', business_id, phone: null, language: null, ...profile };
      }
      case 'UserProfileUpdated':
        return state.status === 'none' ? state : { ...state, ...event.data.changes };
      case 'UserRemoved':
        return state.status === 'none' ? state : { ...state, status: 'removed' };
      default:
        return state;
    }
  },
};
