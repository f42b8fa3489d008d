import { HOLIDAY_STATUSES, type HolidayStatus } from '@tabour/contracts';
import { forbidden, notFound, type Role } from '@tabour/platform';
import { addError, type FieldErrors, throwIfAny } from '../shared';
import { HOLIDAY_SCOPES, HOLIDAY_TYPES, type HolidayCommand } from './commands';
import type { HolidayEvent } from './events';
import type { HolidayState } from './state';

const isManager = (role: Role) => role === 'ADMIN' || role === 'MANAGER';

function create(command: Extract<HolidayCommand, { type: 'CreateHoliday' }>): HolidayEvent[] {
  const errors: FieldErrors = {};
  const { actor, fields: f } = command;
  if (!HOLIDAY_TYPES.includes(f.type)) addError(errors, 'type', `Select a valid type (${HOLIDAY_TYPES.join(', ')})`);
  if (!HOLIDAY_SCOPES.includes(f.scope)) addError(errors, 'scope', `Select a valid scope (${HOLIDAY_SCOPES.join(', ')})`);
  const start = Date.parse(f.starts_at);
  const end = Date.parse(f.ends_at);
  if (Number.isNaN(start)) addError(errors, 'starts_at', 'Enter a valid start');
  if (Number.isNaN(end)) addError(errors, 'ends_at', 'Enter a valid end');
  else if (!Number.isNaN(start) && end <= start) addError(errors, 'ends_at', 'The end must be after the start');
  const reason = f.reason?.trim() || null;
  if (reason && reason.length > 500) addError(errors, 'reason', 'The reason may have at most 500 characters');
  let members = [...new Set(f.member_ids ?? [])];
  if (f.scope === 'me') members = [actor.user_id];
  else if (f.scope === 'agency') members = [];
  else if (f.scope === 'members') {
    if (members.length === 0) addError(errors, 'member_ids', 'Select at least one member');
    if (members.some((m) => !command.known_member_ids.includes(m))) addError(errors, 'member_ids', 'Select valid members');
  }
  throwIfAny(errors);
  // Closing the business is an administrator's call; managers plan their team's absences.
  if (f.scope === 'agency' && actor.role !== 'ADMIN') throw forbidden('Only an administrator may close the business');
  if (f.scope === 'members' && !isManager(actor.role)) throw forbidden();
  // A member's own request waits for a manager; a manager's entry stands.
  const status: HolidayStatus = isManager(actor.role) ? 'approved' : 'pending';
  const ids = { holiday_id: command.holiday_id, business_id: command.business_id };
  const instants = { starts_at: new Date(start).toISOString(), ends_at: new Date(end).toISOString() };
  return [{ type: 'HolidayCreated', data: { ...ids, ...f, reason, member_ids: members, ...instants, status, created_by: actor.user_id } }];
}

export function decide(command: HolidayCommand, state: HolidayState): HolidayEvent[] {
  const ids = { holiday_id: command.holiday_id, business_id: command.business_id };
  const errors: FieldErrors = {};
  const { actor } = command;
  if (command.type === 'CreateHoliday') return state.status === 'none' ? create(command) : [];
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  switch (command.type) {
    case 'SetHolidayStatus':
      if (!isManager(actor.role)) throw forbidden();
      if (state.scope === 'agency' && actor.role !== 'ADMIN') throw forbidden('Only an administrator may close the business');
      if (!HOLIDAY_STATUSES.includes(command.status)) {
        addError(errors, 'status', `Select a valid status (${HOLIDAY_STATUSES.join(', ')})`);
        throwIfAny(errors);
      }
      return state.approval === command.status ? [] : [{ type: 'HolidayStatusChanged', data: { ...ids, status: command.status } }];
    case 'DeleteHoliday': {
      const own = state.scope === 'me' && state.created_by === actor.user_id;
      const allowed = actor.role === 'ADMIN' || (actor.role === 'MANAGER' && state.scope !== 'agency') || own;
      if (!allowed) throw forbidden();
      return [{ type: 'HolidayDeleted', data: ids }];
    }
  }
}
