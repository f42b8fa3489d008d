import type { Decider } from '@tabour/eventstore';
import type { BookingSettingsCommand } from './commands';
import { decide } from './decide';
import type { BookingSettingsEvent } from './events';
import { evolve } from './evolve';
import { initialBookingSettings, type BookingSettingsState } from './state';

export * from './commands';
export * from './events';
export { BOOKING_SETTINGS_DEFAULTS, bookingSettingsStream, type BookingSettingsState } from './state';

export const bookingSettingsDecider: Decider<BookingSettingsCommand, BookingSettingsState, BookingSettingsEvent> = {
  initialState: initialBookingSettings,
  decide,
  evolve,
};
