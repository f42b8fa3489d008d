import { invalid, notFound, roleForPosition } from '@tabour/platform';
import type { UserCommand } from './commands';
import type { Profile, UserEvent } from './events';
import type { UserState } from './state';

export const CANNOT_REMOVE_SELF = 'You cannot delete your own account';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

export function decide(command: UserCommand, state: UserState): UserEvent[] {
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
}
