import type { BookingStatus } from '@tabour/contracts';
import type { BookingFields } from './events';

export type BookingState = { status: 'none' } | ({ status: BookingStatus | 'deleted'; business_id: string; ticket_id: string | null } & BookingFields);

export const initialBookingState = (): BookingState => ({ status: 'none' });

/** One booking, stream `booking-<id>`. */
export const bookingStream = (id: string) => `booking-${id}`;
