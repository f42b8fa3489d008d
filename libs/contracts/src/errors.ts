import { BILLING_REFUSALS } from './billing';
import { RESOURCE_REFUSALS } from './resources';

/**
 * Every error answer is `{ message, code, errors? }`. The code is the stable part: the web words
 * a refusal in the user's language by its code, never by the server's English message.
 */

/** Codes any call may answer, by the HTTP layer or the shared helpers. */
const GENERIC = [
  'error',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'route_not_found',
  'method_not_allowed',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'invalid',
  'validation_failed',
  'invalid_state',
  'invalid_input',
  'malformed_body',
  'too_many_requests',
  'concurrency',
  'duplicate',
  'internal',
  'unavailable',
  'plan_required',
] as const;

/** The sign-in, sign-up and password refusals every screen words itself (`app.errors.<code>`). */
export const ACCOUNT_REFUSALS = [
  'bad_credentials',
  'captcha_required',
  'captcha_incorrect',
  'email_taken',
  'weak_password',
  'wrong_password',
  'reset_mismatch',
] as const;

const ACCOUNTS = [
  ...ACCOUNT_REFUSALS,
  'already_registered',
  'login_exists',
  'cannot_remove_self',
  'awaiting_approval',
  'login_locked',
  'login_slowed',
  'business_deleted',
] as const;

const ORGANISATION = ['own_role', 'own_account', 'has_sub_services'] as const;

/** The business's payment settings: a counter agent recording an amount the business does not allow them to. */
const PAYMENTS = ['amount_entry_not_allowed'] as const;

const CUSTOMERS = ['duplicate_internal_id'] as const;

/** The queue's refusals that the queue screens word themselves (`queues.reasons.<code>`). */
export const QUEUE_REFUSALS = [
  'counter_already_open',
  'member_holds_counter',
  'counter_open',
  'queue_not_empty',
  'queue_paused',
  'already_waiting',
  'stale_rank',
  'numbers_exhausted',
  'ticket_live',
  'queue_busy',
] as const;
export type QueueRefusal = (typeof QUEUE_REFUSALS)[number];

const QUEUES = [...QUEUE_REFUSALS, 'counter_held', 'queue_closed', 'request_approved', 'request_declined', 'request_not_pending', 'feedback_given'] as const;

const DEVICES = ['kiosk_exists', 'display_exists', 'sms_unavailable'] as const;

/** Why a start cannot be booked (the availability engine's refusals, `slot_<refusal>`), and a booking past changing. */
export const BOOKING_REFUSALS = [
  'slot_past',
  'slot_too_soon',
  'slot_beyond_limit',
  'slot_closed',
  'slot_not_a_slot',
  'slot_holiday',
  'slot_daily_limit',
  'slot_full',
  'slot_member_required',
  'slot_member_unknown',
  'slot_member_off',
  'slot_member_holiday',
  'slot_member_busy',
  'booking_closed',
  'customer_has_booking',
] as const;
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number];

/** Every code the API answers with; DomainError takes only these, so the compiler keeps the list whole. */
export const ERROR_CODES = [
  ...GENERIC,
  ...ACCOUNTS,
  ...ORGANISATION,
  ...PAYMENTS,
  ...CUSTOMERS,
  ...QUEUES,
  ...DEVICES,
  ...BOOKING_REFUSALS,
  ...RESOURCE_REFUSALS,
  ...BILLING_REFUSALS,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export function isQueueRefusal(value: unknown): value is QueueRefusal {
  return typeof value === 'string' && (QUEUE_REFUSALS as readonly string[]).includes(value);
}

/** The code of the HTTP statuses the API answers without a more precise one. */
export const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'too_many_requests',
  503: 'unavailable',
};

export const codeForStatus = (status: number): ErrorCode => STATUS_CODES[status] ?? 'error';

/** The messages of each field of a form that was refused, in the order they were found. */
export type FieldErrors = Record<string, string[]>;

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

/** Adds one message to a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** The first message of all, which heads a refused form; null when there is none. */
export function firstError(errors: FieldErrors): string | null {
  return Object.values(errors).find((list) => list.length)?.[0] ?? null;
}

/** The parts of an error answer, whatever came back: message and code null when absent, fields with their messages. */
export function readErrorBody(body: unknown): { message: string | null; code: string | null; errors: FieldErrors } {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; code?: unknown; errors?: unknown };
  const errors: FieldErrors = {};
  if (b.errors && typeof b.errors === 'object') {
    for (const [field, value] of Object.entries(b.errors as Record<string, unknown>)) {
      const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
      if (list.length) errors[field] = list;
    }
  }
  return { message: typeof b.message === 'string' && b.message ? b.message : null, code: typeof b.code === 'string' ? b.code : null, errors };
}

/** The first message of each field, as a form shows them; undefined when no field is named. */
export function firstFieldErrors(body: unknown): Record<string, string> | undefined {
  const { errors } = readErrorBody(body);
  const out = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]]));
  return Object.keys(out).length ? out : undefined;
}
