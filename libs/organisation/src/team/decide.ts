import { DateTime } from 'luxon';
import { conflict, forbidden, notFound, POSITIONS, type Role, roleForPosition } from '@tabour/platform';
import { addError, checkWorkingDays, type FieldErrors, sameJson, throwIfAny } from '../shared';
import type { MemberFields, MemberInput, TeamActor, TeamCommand } from './commands';
import type { TeamEvent } from './events';
import type { TeamState } from './state';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkFields(f: MemberInput, errors: FieldErrors): MemberFields {
  const first = (f.first_name ?? '').trim();
  const last = (f.last_name ?? '').trim();
  if (!first) addError(errors, 'first_name', 'The first name is required');
  else if (first.length > 100) addError(errors, 'first_name', 'The first name may have at most 100 characters');
  if (!last) addError(errors, 'last_name', 'The last name is required');
  else if (last.length > 100) addError(errors, 'last_name', 'The last name may have at most 100 characters');
  const email = f.email ? f.email.trim().toLowerCase() : null;
  if (email && (!EMAIL.test(email) || email.length > 255)) addError(errors, 'email', 'Email is invalid or used by another account');
  if (f.phone && !/^\+?[0-9 ()-]{4,30}$/.test(f.phone)) addError(errors, 'phone', 'Enter a valid phone number');
  if (!POSITIONS.includes(f.position)) addError(errors, 'position', `Select a valid position (${POSITIONS.join(', ')})`);
  if (typeof f.is_bookable !== 'boolean') addError(errors, 'is_bookable', 'is_bookable must be true or false');
  if (f.member_since != null && (!DATE.test(f.member_since) || !DateTime.fromISO(f.member_since).isValid)) {
    addError(errors, 'member_since', 'Enter a valid date (YYYY-MM-DD)');
  }
  const granted = f.role === 'ADMIN' || f.role === 'MANAGER' ? f.role : null;
  const role: Role = granted ?? (POSITIONS.includes(f.position) ? roleForPosition(f.position) : 'OTHER');
  return {
    first_name: first,
    last_name: last,
    email,
    phone: f.phone?.trim() || null,
    photo: f.photo ?? null,
    position: f.position,
    role,
    department_id: f.department_id ?? null,
    is_bookable: f.is_bookable,
    member_since: f.member_since ?? null,
  };
}

function mayManage(actor: TeamActor, targetRole: Role | null, nextRole: Role | null): void {
  if (actor.role !== 'ADMIN' && actor.role !== 'MANAGER') throw forbidden();
  // Only an administrator may create, change or remove an administrator.
  if (actor.role !== 'ADMIN' && (targetRole === 'ADMIN' || nextRole === 'ADMIN')) throw forbidden('Only an administrator may manage administrators');
}

export function decide(command: TeamCommand, state: TeamState): TeamEvent[] {
  const ids = { member_id: command.member_id, business_id: command.business_id };
  const errors: FieldErrors = {};
  if (command.type === 'AddTeamMember') {
    if (state.status !== 'none') return [];
    const fields = checkFields(command.fields, errors);
    const days = command.working_days ? checkWorkingDays(command.working_days, errors) : null;
    throwIfAny(errors);
    mayManage(command.actor, null, fields.role);
    return [{ type: 'TeamMemberAdded', data: { ...ids, ...fields, working_days: days } }];
  }
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  switch (command.type) {
    case 'UpdateTeamMember': {
      const { status: _s, business_id: _b, working_days: _w, ...current } = state;
      const input: MemberInput = { ...current, role: undefined, ...command.fields };
      const derived = current.role === roleForPosition(current.position);
      // A member keeps an explicit ADMIN/MANAGER role until the position or role is given again.
      if (!('role' in command.fields) && !('position' in command.fields) && !derived) input.role = current.role;
      // A form sends the whole record back: the old position's own role, echoed with a new
      // position, is no choice of role, so the new position's role applies.
      if ('position' in command.fields && derived && command.fields.role === current.role) input.role = null;
      const next = checkFields(input, errors);
      // The login is reached by e-mail: once a member has one it can change, not disappear.
      if (current.email && !next.email) addError(errors, 'email', 'The email is required for a member who can log in');
      throwIfAny(errors);
      mayManage(command.actor, current.role, next.role);
      if (command.actor.user_id === command.member_id && next.role !== current.role) {
        throw conflict('You cannot change your own role', 'own_role');
      }
      const changes: Partial<MemberFields> = {};
      for (const key of Object.keys(next) as (keyof MemberFields)[]) {
        if (next[key] !== current[key]) (changes as Record<string, unknown>)[key] = next[key];
      }
      return Object.keys(changes).length ? [{ type: 'TeamMemberUpdated', data: { ...ids, changes } }] : [];
    }
    case 'UpdateTeamMemberWorkingDays': {
      // Members set their own availability; managers set anyone's.
      if (command.actor.user_id !== command.member_id) mayManage(command.actor, state.role, null);
      const days = checkWorkingDays(command.working_days, errors);
      throwIfAny(errors);
      if (sameJson(days, state.working_days)) return [];
      return [{ type: 'TeamMemberWorkingDaysUpdated', data: { ...ids, working_days: days } }];
    }
    case 'RemoveTeamMember':
      mayManage(command.actor, state.role, null);
      if (command.actor.user_id === command.member_id) throw conflict('You cannot delete your own account here', 'own_account');
      return [{ type: 'TeamMemberRemoved', data: ids }];
  }
}
