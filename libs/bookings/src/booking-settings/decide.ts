import { throwIfAny } from '@tabour/platform';
import { addError, type FieldErrors } from '@tabour/contracts';
import type { BookingSettingsCommand, OwnBookingSettings } from './commands';
import type { BookingSettingsEvent } from './events';
import { BOOKING_SETTINGS_DEFAULTS, type BookingSettingsState } from './state';

const wholeIn = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

export function decide(command: BookingSettingsCommand, state: BookingSettingsState): BookingSettingsEvent[] {
  const errors: FieldErrors = {};
  const c = command.changes;
  if (c.min_notice_minutes !== undefined && !wholeIn(c.min_notice_minutes, 0, 525600))
    addError(errors, 'min_notice_minutes', 'Enter a notice from 0 to 525600 minutes');
  if (c.no_show_after_minutes !== undefined && !wholeIn(c.no_show_after_minutes, 0, 1440))
    addError(errors, 'no_show_after_minutes', 'Enter a delay from 0 to 1440 minutes');
  if (c.allow_several_bookings !== undefined && typeof c.allow_several_bookings !== 'boolean')
    addError(errors, 'allow_several_bookings', 'allow_several_bookings must be true or false');
  throwIfAny(errors);
  const changes: Partial<OwnBookingSettings> = {};
  for (const key of Object.keys(BOOKING_SETTINGS_DEFAULTS) as (keyof OwnBookingSettings)[]) {
    if (c[key] !== undefined && c[key] !== state[key]) (changes as Record<string, unknown>)[key] = c[key];
  }
  return Object.keys(changes).length ? [{ type: 'BookingSettingsUpdated', data: { business_id: command.business_id, changes } }] : [];
}
