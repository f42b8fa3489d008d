import type { OwnBookingSettings } from './commands';

export const BOOKING_SETTINGS_DEFAULTS: OwnBookingSettings = { min_notice_minutes: 0, no_show_after_minutes: 15, allow_several_bookings: true };

export type BookingSettingsState = OwnBookingSettings;

export const initialBookingSettings = (): BookingSettingsState => ({ ...BOOKING_SETTINGS_DEFAULTS });

export const bookingSettingsStream = (tenantId: string) => `bookingsettings-${tenantId}`;
