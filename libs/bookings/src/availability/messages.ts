/**
 * Texts of the day statuses and slot refusals. The two the product names (docs/product.md#availability-and-slots:
 * "no available slots on this date", "the date is a holiday") are used wherever they fit; the
 * screens translate by code, these are the API's English messages.
 */
import type { DayStatus } from '@tabour/contracts';
import type { SlotRefusal } from './types';

export const NO_SLOTS_TEXT = 'No available slots on this date';
export const HOLIDAY_TEXT = 'The date is a holiday';

export const DAY_STATUS_TEXTS: Record<DayStatus, string | null> = {
  open: null,
  full: NO_SLOTS_TEXT,
  holiday: HOLIDAY_TEXT,
  closed: 'The business is closed on this date',
  past: 'This date has passed',
  beyond_limit: 'This date is beyond the booking days limit',
  daily_limit: 'The department has reached its daily bookings limit on this date',
};

export const SLOT_REFUSAL_TEXTS: Record<SlotRefusal, string> = {
  past: 'This time has passed',
  too_soon: 'This time is too soon to book',
  beyond_limit: DAY_STATUS_TEXTS.beyond_limit as string,
  closed: DAY_STATUS_TEXTS.closed as string,
  not_a_slot: 'This time is not one of the slots of this date',
  holiday: HOLIDAY_TEXT,
  daily_limit: DAY_STATUS_TEXTS.daily_limit as string,
  full: NO_SLOTS_TEXT,
  member_required: 'Select a team member',
  member_unknown: 'This team member cannot be booked in this department',
  member_off: 'This team member does not work at this time',
  member_holiday: 'This team member is on holiday at this time',
  member_busy: 'This team member already has a booking at this time',
};
