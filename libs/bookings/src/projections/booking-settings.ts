import { settingsRowProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { BOOKING_SETTINGS_DEFAULTS, BOOKING_SETTINGS_EVENT_TYPES, type BookingSettingsEvent } from '../booking-settings';
import '../tables';

/** `booking_settings`: the business's own booking settings, one row once it has changed one (no row: the defaults). */
export const bookingSettingsProjection = settingsRowProjection<BookingSettingsEvent, Database>({
  name: 'bookings.settings',
  table: 'booking_settings',
  handles: BOOKING_SETTINGS_EVENT_TYPES,
  defaults: BOOKING_SETTINGS_DEFAULTS,
});
