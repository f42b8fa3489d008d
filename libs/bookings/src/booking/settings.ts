import type { Decider } from '@tabour/eventstore';
import { throwIfAny } from '@tabour/platform';
import { addError, type BookingSettings, type FieldErrors } from '@tabour/contracts';

/**
 * The booking settings the business profile does not already keep (its days-ahead limit and
 * its confirmation flag stay there, where the business screen edits them): one stream per
 * business, `bookingsettings-<tenant>`.
 */
export type OwnBookingSettings = Pick<BookingSettings, 'min_notice_minutes' | 'no_show_after_minutes' | 'allow_several_bookings'>;

export const BOOKING_SETTINGS_DEFAULTS: OwnBookingSettings = { min_notice_minutes: 0, no_show_after_minutes: 15, allow_several_bookings: true };

export type BookingSettingsCommand = { type: 'UpdateBookingSettings'; business_id: string; changes: Partial<OwnBookingSettings> };
export type BookingSettingsEvent = { type: 'BookingSettingsUpdated'; data: { business_id: string; changes: Partial<OwnBookingSettings> } };
export const BOOKING_SETTINGS_EVENT_TYPES = ['BookingSettingsUpdated'] as const;
export type BookingSettingsState = OwnBookingSettings;

export const bookingSettingsStream = (tenantId: string) => `bookingsettings-${tenantId}`;

const wholeIn = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

export const bookingSettingsDecider: Decider<BookingSettingsCommand, BookingSettingsState, BookingSettingsEvent> = {
  initialState: () => ({ ...BOOKING_SETTINGS_DEFAULTS }),
  decide(command, state) {
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
  },
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
};
