import type { HolidayStatus } from '@tabour/contracts';
import type { HolidayFields } from './commands';

export type HolidayEvent =
  | { type: 'HolidayCreated'; data: { holiday_id: string; business_id: string; status: HolidayStatus; created_by: string } & HolidayFields }
  | { type: 'HolidayStatusChanged'; data: { holiday_id: string; business_id: string; status: HolidayStatus } }
  | { type: 'HolidayDeleted'; data: { holiday_id: string; business_id: string } };

export const HOLIDAY_EVENT_TYPES = ['HolidayCreated', 'HolidayStatusChanged', 'HolidayDeleted'] as const;
