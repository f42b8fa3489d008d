import { addError, NUMBER_TYPES, type FieldErrors, type NumberType, type QueueSettings } from '@tabour/contracts';
import { throwIfAny } from '@tabour/platform';

// The number types and the field errors' helpers are the contract's; refusing them is the platform's.
export { addError, NUMBER_TYPES, throwIfAny, type FieldErrors, type NumberType };

/**
 * A queue's settings (docs/product.md#queue-settings) are the contract's: the calls take them and the reads give them
 * back in this shape. Numbers: incremental gives start, start+1… each day; random, a number not
 * yet given that day. Working days and translations are checked by the DTOs.
 */
export type { QueueSettings };

export const DEFAULT_SETTINGS: Omit<QueueSettings, 'name'> = {
  priority: 0,
  ticket_prefix: '',
  number_start: 1,
  number_type: 'incremental',
  synchronized: false,
  auto_call_next: false,
  auto_push_bookings: false,
  require_confirmed_booking: false,
  customer_chooses_member: false,
  ask_covid_symptoms: false,
  on_hold_enabled: true,
  service_ids: [],
  department_ids: [],
  member_ids: [],
  working_days: null,
  translations: {},
};

/** The largest number a random-numbered queue gives: a day never runs out below it. */
export const RANDOM_SPAN = 9000;

export function checkSettings(s: QueueSettings): QueueSettings {
  const errors: FieldErrors = {};
  const name = (s.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 150) addError(errors, 'name', 'The name may have at most 150 characters');
  if (!Number.isInteger(s.priority) || s.priority < 0 || s.priority > 1000) addError(errors, 'priority', 'The priority must be a whole number from 0 to 1000');
  const prefix = (s.ticket_prefix ?? '').trim();
  if (prefix.length > 5 || !/^[A-Za-z0-9-]*$/.test(prefix)) addError(errors, 'ticket_prefix', 'The prefix may have up to 5 letters or digits');
  if (!Number.isInteger(s.number_start) || s.number_start < 0 || s.number_start > 100000)
    addError(errors, 'number_start', 'The first number must be from 0 to 100000');
  if (!NUMBER_TYPES.includes(s.number_type)) addError(errors, 'number_type', 'Select a valid number type');
  throwIfAny(errors);
  const unique = (ids: string[]) => [...new Set((ids ?? []).map((x) => x.toLowerCase()))];
  return {
    ...s,
    name,
    ticket_prefix: prefix.toUpperCase(),
    service_ids: unique(s.service_ids),
    department_ids: unique(s.department_ids),
    member_ids: unique(s.member_ids),
  };
}
