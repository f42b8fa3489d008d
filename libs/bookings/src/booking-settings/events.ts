import type { OwnBookingSettings } from './commands';

export type BookingSettingsEvent = { type: 'BookingSettingsUpdated'; data: { business_id: string; changes: Partial<OwnBookingSettings> } };
export const BOOKING_SETTINGS_EVENT_TYPES = ['BookingSettingsUpdated'] as const;
