import type { HolidayStatus } from '@tabour/contracts';
import type { Role } from '@tabour/platform';

export const HOLIDAY_TYPES = ['vacation', 'holiday', 'other'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];
/** agency: the whole business is closed; me: the caller is away; members: the listed members are away. */
export const HOLIDAY_SCOPES = ['agency', 'me', 'members'] as const;
export type HolidayScope = (typeof HOLIDAY_SCOPES)[number];
export { HOLIDAY_STATUSES, type HolidayStatus } from '@tabour/contracts';

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

export type HolidayCommand =
  | { type: 'CreateHoliday'; holiday_id: string; business_id: string; actor: HolidayActor; fields: HolidayFields; known_member_ids: string[] }
  | { type: 'SetHolidayStatus'; holiday_id: string; business_id: string; actor: HolidayActor; status: HolidayStatus }
  | { type: 'DeleteHoliday'; holiday_id: string; business_id: string; actor: HolidayActor };
