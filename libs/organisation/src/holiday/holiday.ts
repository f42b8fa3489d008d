import type { Decider } from '@tabour/eventstore';
import { forbidden, notFound, Role } from '@tabour/platform';
import { HOLIDAY_STATUSES, type HolidayStatus } from '@tabour/contracts';
import { addError, FieldErrors, throwIfAny } from '../shared';

export const HOLIDAY_TYPES = ['vacation', 'holiday', 'other'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];
/** agency: the whole business is closed; me: the caller is away; members: the listed members are away. */
export const HOLIDAY_SCOPES = ['agency', 'me', 'members'] as const;
export type HolidayScope = (typeof HOLIDAY_SCOPES)[number];
export { HOLIDAY_STATUSES, type HolidayStatus };

export interface HolidayFields {
  type: HolidayType;
  scope: HolidayScope;
  member_ids: string[];
  reason: string | null;
  /** Instants (ISO 8601, UTC); whole days are turned into the business's local midnights first. */
  starts_at: string;
  ends_at: string;
  all_day: boolean;
}

export interface HolidayActor {
  user_id: string;
  role: Role;
}

const isManager = (role: Role) => role === 'ADMIN' || role === 'MANAGER';

export type HolidayCommand =
  | { type: 'CreateHoliday'; holiday_id: string; business_id: string; actor: HolidayActor; fields: HolidayFields; known_member_ids: string[] }
  | { type: 'SetHolidayStatus'; holiday_id: string; business_id: string; actor: HolidayActor; status: HolidayStatus }
  | { type: 'DeleteHoliday'; holiday_id: string; business_id: string; actor: HolidayActor };

export type HolidayEvent =
  | { type: 'HolidayCreated'; data: { holiday_id: string; business_id: string; status: HolidayStatus; created_by: string } & HolidayFields }
  | { type: 'HolidayStatusChanged'; data: { holiday_id: string; business_id: string; status: HolidayStatus } }
  | { type: 'HolidayDeleted'; data: { holiday_id: string; business_id: string } };

export const HOLIDAY_EVENT_TYPES = ['HolidayCreated', 'HolidayStatusChanged', 'HolidayDeleted'] as const;

export type HolidayState =
  { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string; created_by: string; approval: HolidayStatus } & HolidayFields);

export const holidayStream = (id: string) => `holiday-${id}`;

export const holidayDecider: Decider<HolidayCommand, HolidayState, HolidayEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const ids = { holiday_id: command.holiday_id, business_id: command.business_id };
    const errors: FieldErrors = {};
    const { actor } = command;
    if (command.type === 'CreateHoliday') {
      if (state.status !== 'none') return [];
      const f = command.fields;
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
      return [
        {
          type: 'HolidayCreated',
          data: {
            ...ids,
            ...f,
            reason,
            member_ids: members,
            starts_at: new Date(start).toISOString(),
            ends_at: new Date(end).toISOString(),
            status,
            created_by: actor.user_id,
          },
        },
      ];
    }
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
  },

  evolve(state, event) {
    switch (event.type) {
      case 'HolidayCreated': {
        const { holiday_id: _h, status, ...rest } = event.data;
        return { status: 'active', approval: status, ...rest };
      }
      case 'HolidayStatusChanged':
        return state.status === 'none' ? state : { ...state, approval: event.data.status };
      case 'HolidayDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
};
