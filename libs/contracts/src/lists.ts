/** The closed lists both sides name: the API validates against them, the web offers them. */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  /** HH:mm, local time of the business. */
  from: string;
  to: string;
}
export interface WorkingDay {
  day: Weekday;
  open: boolean;
  ranges: TimeRange[];
}

/** A name and description given in another language. */
export interface Translation {
  name: string;
  description?: string | null;
}

export const CUSTOMER_CATEGORIES = ['BASIC', 'VIP', 'BLACKLISTED'] as const;
export type CustomerCategory = (typeof CUSTOMER_CATEGORIES)[number];

export const VERIFICATIONS = ['verified', 'failed'] as const;
export type Verification = (typeof VERIFICATIONS)[number];

export const POSITIONS = ['Admin', 'CEO', 'Employee', 'Front Desk', 'Manager', 'Other', 'Secretary'] as const;
export type Position = (typeof POSITIONS)[number];

export const ROLES = ['ADMIN', 'MANAGER', 'CEO', 'EMPLOYEE', 'FRONT_DESK', 'OTHER', 'SECRETARY'] as const;
export type Role = (typeof ROLES)[number];

export const PACKAGES = ['TRIAL', 'FREE', 'LIBERUP', 'LIBERPRO'] as const;
export type Package = (typeof PACKAGES)[number];
/** The packages a business pays for (the trial is given). */
export const PAID_PACKAGES = ['FREE', 'LIBERUP', 'LIBERPRO'] as const;

/** A live ticket: on the waiting list, at a counter, or set aside. */
export const TICKET_STATUSES = ['waiting', 'in_service', 'on_hold'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** How a ticket left the live list for the archive. */
export const ARCHIVE_STATUSES = ['ended', 'no_show', 'absent', 'revoked', 'closed_at_day_end', 'redirected'] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

/** incremental: start, start+1… each day; random: a number not yet given that day. */
export const NUMBER_TYPES = ['incremental', 'random'] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];

/** A queue's on/off settings. */
export const QUEUE_FLAGS = [
  'synchronized',
  'auto_call_next',
  'auto_push_bookings',
  'require_confirmed_booking',
  'customer_chooses_member',
  'ask_covid_symptoms',
  'on_hold_enabled',
] as const;
export type QueueFlag = (typeof QUEUE_FLAGS)[number];

export const QUEUE_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type QueueRequestStatus = (typeof QUEUE_REQUEST_STATUSES)[number];

export const HOLIDAY_STATUSES = ['pending', 'approved', 'declined'] as const;
export type HolidayStatus = (typeof HOLIDAY_STATUSES)[number];

export const DEVICE_STATUSES = ['active', 'inactive'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
