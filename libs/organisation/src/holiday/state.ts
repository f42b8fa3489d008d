import type { HolidayStatus } from '@tabour/contracts';
import type { HolidayFields } from './commands';

export type HolidayState =
  { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string; created_by: string; approval: HolidayStatus } & HolidayFields);

export const initialHolidayState = (): HolidayState => ({ status: 'none' });

export const holidayStream = (id: string) => `holiday-${id}`;
