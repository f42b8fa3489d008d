import type { BookingSettings } from '@tabour/contracts';

/**
 * The booking settings the business profile does not already keep (its days-ahead limit and
 * its confirmation flag stay there, where the business screen edits them): one stream per
 * business, `bookingsettings-<tenant>`.
 */
export type OwnBookingSettings = Pick<BookingSettings, 'min_notice_minutes' | 'no_show_after_minutes' | 'allow_several_bookings'>;

export type BookingSettingsCommand = { type: 'UpdateBookingSettings'; business_id: string; changes: Partial<OwnBookingSettings> };
