/**
 * Bookings, booking requests, business rules, booking form fields and booking payments as the
 * API answers them and the web reads them (docs/product.md#booking-fields). The availability engine's own types live
 * with it in libs/bookings; what travels is `DayAvailability` below.
 */
import type { Instant } from './instants';
import type { WorkingDay } from './lists';

/** pending: awaits staff (an online booking while the business confirms bookings); confirmed: in the book. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'checked_in', 'completed', 'no_show', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses that hold a place in the book (count against capacity). */
export const BOOKING_HOLDING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'checked_in'];

/** Where a booking came from: staff in the back-office, an online channel (web, app, kiosk), or an import. */
export const BOOKING_CHANNELS = ['staff', 'online', 'kiosk', 'import'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export interface LatLng {
  lat: number;
  lng: number;
}

/** A value of a booking form field, keyed by the field's id in `additional_data`. */
export type FormValue = string | number | null;

export interface BookingAttachment {
  id: string;
  name: string;
  size: number;
  type: string;
  url: string;
}

export interface Booking<At = Instant> {
  id: string;
  customer_id: string | null;
  /** The customer's name as the book shows it (resolved at read; null once erased). */
  customer_name: string | null;
  department_id: string;
  queue_id: string | null;
  counter_ids: string[];
  service_ids: string[];
  member_id: string | null;
  /** Minutes: the sum of the services' durations, or the department's slot length. */
  duration: number;
  starts_at: At;
  ends_at: At;
  /** The start's local date (YYYY-MM-DD) and time (HH:mm) in the business's time zone. */
  date: string;
  slot: string;
  additional_data: Record<string, FormValue>;
  remarks: string | null;
  is_online: boolean;
  channel: BookingChannel;
  sync_booking_with_graph: boolean;
  location: LatLng | null;
  phone_number: string | null;
  attachments: BookingAttachment[];
  /** The rooms and equipment it holds (docs/resources.md), by id in id order; none: []. */
  resource_ids: string[];
  status: BookingStatus;
  /** The ticket a check-in made of it, in `queue_id`. */
  ticket_id: string | null;
  cancel_reason: string | null;
  created_at: At;
  updated_at: At;
}

/** What a create or an update sends (the server derives the end, the local date and the slot). */
export interface BookingInput {
  customer_id?: string | null;
  department_id: string;
  queue_id?: string | null;
  counter_ids?: string[];
  service_ids?: string[];
  member_id?: string | null;
  /** The start instant (ISO 8601 with offset), one of the free slots the availability call gave. */
  starts_at: string;
  additional_data?: Record<string, FormValue>;
  remarks?: string | null;
  is_online?: boolean;
  sync_booking_with_graph?: boolean;
  location?: LatLng | null;
  phone_number?: string | null;
  /** Rooms and equipment it reserves (docs/product.md#resources); an update naming them replaces the whole set. */
  resource_ids?: string[];
}

/** Why a day has no free slot, or `open` when it has some. */
export const DAY_STATUSES = ['open', 'full', 'holiday', 'closed', 'past', 'beyond_limit', 'daily_limit'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

export interface FreeSlot {
  starts_at: Instant;
  ends_at: Instant;
  /** Local wall-clock start, HH:mm, in the business's zone. */
  time: string;
  /** Places left in the slot. */
  remaining: number;
  /** The bookable members free for the whole slot (empty where the department has none). */
  member_ids: string[];
}

export interface DayAvailability {
  date: string;
  status: DayStatus;
  slots: FreeSlot[];
}

export interface Availability {
  department_id: string;
  member_id: string | null;
  time_zone: string;
  /** Minutes a booking of the chosen services lasts. */
  duration: number;
  days: DayAvailability[];
}

/** The business's booking settings (GET/PUT /bookingSettings). */
export interface BookingSettings {
  /** How many days ahead a customer may book. */
  booking_days_limit: number;
  /** Minutes between now and the earliest bookable start. */
  min_notice_minutes: number;
  /** Online bookings wait for staff approval (a booking request) instead of entering the book. */
  booking_confirmation: boolean;
  /** Minutes after its start before a booking not checked in counts as a no-show. */
  no_show_after_minutes: number;
  /** Whether a customer may hold more than one future booking (the customer's bookMoreThanOnce overrides it). */
  allow_several_bookings: boolean;
}

export const BOOKING_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number];

export const RULE_ACTIONS = ['approve', 'decline'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_FLOWS = ['booking', 'queue'] as const;
export type RuleFlow = (typeof RULE_FLOWS)[number];
export const RULE_APPLIES_TO = ['all', 'new', 'vip', 'blacklisted'] as const;
export type RuleAppliesTo = (typeof RULE_APPLIES_TO)[number];
export const RULE_TIME_FRAMES = ['forever', 'custom'] as const;
export type RuleTimeFrame = (typeof RULE_TIME_FRAMES)[number];

export interface Rule<At = Instant> {
  id: string;
  name: string;
  action: RuleAction;
  flow: RuleFlow;
  applies_to: RuleAppliesTo;
  time_frame: RuleTimeFrame;
  /** Local dates (YYYY-MM-DD), inclusive, when time_frame is custom. */
  starts_on: string | null;
  ends_on: string | null;
  /** The days and hours the rule acts on; null: every day, all day. */
  working_days: WorkingDay[] | null;
  /** Order among the business's rules: the first that matches decides (docs/bookings.md). */
  position: number;
  enabled: boolean;
  created_at: At;
  updated_at: At;
}

export interface BookingRequestDecision<At = Instant> {
  status: Exclude<BookingRequestStatus, 'pending'>;
  /** The rule that decided it, or null when staff did. */
  rule_id: string | null;
  rule_name: string | null;
  by: string | null;
  reason: string | null;
  at: At;
}

export interface BookingRequest<At = Instant> {
  id: string;
  flow: RuleFlow;
  status: BookingRequestStatus;
  department_id: string | null;
  queue_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  /** What was asked: a booking's fields (flow booking). */
  data: BookingInput;
  /** The booking an approval made. */
  booking_id: string | null;
  decision: BookingRequestDecision<At> | null;
  created_at: At;
  /** Every event of the request (GET /booking/request/:id only): who or which rule decided, and why. */
  history?: BookingRequestHistoryEntry<At>[];
}

export interface BookingRequestHistoryEntry<At = Instant> {
  type: 'BookingRequested' | 'BookingRequestApproved' | 'BookingRequestDeclined';
  at: At;
  rule_id: string | null;
  rule_name: string | null;
  by: string | null;
  reason: string | null;
}

export const FORM_FIELD_LANGUAGES = ['ar', 'en', 'fr', 'he', 'ru'] as const;
export type FormFieldLanguage = (typeof FORM_FIELD_LANGUAGES)[number];
export const FORM_FIELD_TYPES = ['number', 'text'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface BookingFormField {
  id: string;
  flow: RuleFlow;
  names: Partial<Record<FormFieldLanguage, string>>;
  type: FormFieldType;
  /** When not empty, the value must be one of these. */
  options: string[];
  required: boolean;
  position: number;
}

export const PAYMENT_METHODS = ['cash', 'cheque', 'online', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface BookingTransaction<At = Instant> {
  id: string;
  booking_id: string;
  /** In the business's currency, two decimals. */
  amount: number;
  method: PaymentMethod;
  status: PaymentStatus;
  rest_to_pay: number;
  paid_on: string | null;
  note: string | null;
  created_at: At;
}

/** A booking's payments (GET /booking/transaction/:booking_id), with its price and what is left to pay. */
export interface BookingTransactions<At = Instant> {
  data: BookingTransaction<At>[];
  price: number;
  paid: number;
  rest_to_pay: number;
}

/** Which payment methods the business accepts (/settings/payment_type). */
export interface PaymentTypes {
  methods: PaymentMethod[];
}
