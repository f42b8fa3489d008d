/**
 * The availability engine's input and answer. Pure data: the caller (the API's query, the
 * booking command, a screen) reads the rows and passes them in; the engine does no I/O.
 */
import type { Availability, FreeSlot, WorkingDay } from '@tabour/contracts';

export type { Availability, DayAvailability, DayStatus, FreeSlot } from '@tabour/contracts';

/** The department's booking settings the engine reads (docs/product.md#departments). */
export interface AvailabilityDepartment {
  id: string;
  /** Minutes: the grid step of its slots, and the length of one place (a "cell"). */
  slot_duration: number;
  /** Places per slot, shared by all of the department's members. */
  max_bookings_per_slot: number;
  /** Bookings per local day in this department, or null for no cap. */
  max_daily_bookings: number | null;
  /** A booking must name a member: the engine reports it (`member_required`, `checkSlot`). */
  must_select_member: boolean;
}

/** A bookable member of the department. */
export interface AvailabilityMember {
  id: string;
  /** Their own hours; null follows the business's hours. */
  working_days: WorkingDay[] | null;
}

/**
 * A holiday that applies (only approved ones are passed; `[starts_at, ends_at)` is half-open, so
 * an all-day holiday ends at the next local midnight). `agency` closes the whole business;
 * `members` takes the listed members away (the organisation's `me` scope is passed as `members`
 * with the member's id).
 */
export interface AvailabilityHoliday {
  scope: 'agency' | 'members';
  member_ids: string[];
  starts_at: string;
  ends_at: string;
}

/**
 * A booking that holds a place (cancelled ones are not passed). Bookings of other departments
 * matter only through their member: a member serves one booking at a time everywhere.
 */
export interface HeldBooking {
  id: string;
  department_id: string;
  member_id: string | null;
  starts_at: string;
  ends_at: string;
}

export interface AvailabilityInput {
  /** IANA zone of the business: every local date and wall time is read in it. */
  time_zone: string;
  /** The current instant (ISO 8601); tests pin it. */
  now: string;
  /** Local dates (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  /** A date is bookable up to today + this many days (local dates). */
  booking_days_limit: number;
  /** Minutes between now and the earliest bookable start. */
  min_notice_minutes: number;
  /** The business's hours; a closed day has no slot for anyone. */
  working_days: WorkingDay[];
  department: AvailabilityDepartment;
  /** The department's bookable members; empty for a department booked without members. */
  members: AvailabilityMember[];
  holidays: AvailabilityHoliday[];
  /** Every holding booking that may overlap the range: the department's, and its members' anywhere. */
  bookings: HeldBooking[];
  /** Minutes one booking lasts: the sum of the chosen services' durations, or the department's slot duration. */
  duration_minutes: number;
  /** The member the customer chose, if any (must be one of `members`). */
  selected_member_id?: string | null;
}

export interface AvailabilityResult extends Availability {
  /** The department requires a member and none was selected: the slots are listed for any member, but a booking must name one. */
  member_required: boolean;
}

/** Why one requested start cannot be booked. */
export const SLOT_REFUSALS = [
  'past',
  'too_soon',
  'beyond_limit',
  'closed',
  'not_a_slot',
  'holiday',
  'daily_limit',
  'full',
  'member_required',
  'member_unknown',
  'member_off',
  'member_holiday',
  'member_busy',
] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

export type SlotCheck =
  | (FreeSlot & {
      ok: true;
      /** The member the booking is to hold: the selected one, or the first free one in `members` order; null without members. */
      member_id: string | null;
    })
  | { ok: false; code: SlotRefusal; message: string };

/** The input cannot be read (an unknown zone, a range that crosses midnight, an unknown member…). */
export class AvailabilityInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'AvailabilityInputError';
  }
}
