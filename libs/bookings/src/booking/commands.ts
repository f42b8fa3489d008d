import type { BookingChannel, BookingInput } from '@tabour/contracts';
import type { SlotRefusal } from '../availability/types';

/**
 * What the decision needs from outside the booking's stream, read by the caller (the API)
 * from the read tables: the decision reads no table and no clock.
 */
export interface BookingContext {
  /** IANA zone of the business. */
  time_zone: string;
  /** The department, or null when it is not the business's. */
  department: {
    id: string;
    slot_duration: number;
    must_select_member: boolean;
    /** Its services with the duration they take in it (seconds). */
    services: { id: string; duration_seconds: number }[];
  } | null;
  /** The business's services (any department): a service of another business is unknown. */
  business_service_ids: string[];
  /** The members that may be booked in the department. */
  bookable_member_ids: string[];
  /** Whether the given customer is the business's (true when none is given). */
  customer_known: boolean;
  /** Bookings wait for staff (online bookings while the business confirms them). */
  needs_confirmation: boolean;
  /** The form fields' check of additional_data: field → messages (filled by the forms context). */
  additional_data_errors?: Record<string, string[]>;
  /**
   * A create naming no member where the department books members: the member the asked slot
   * gives it (the first free one, read from the place by the context step), or why the slot
   * has none. Absent, the booking keeps the member it names (or none).
   */
  free_member?: { member_id: string | null } | { refused: { message: string; code: `slot_${SlotRefusal}` } };
}

interface Ids {
  booking_id: string;
  business_id: string;
}

export type BookingCommand =
  | (Ids & {
      type: 'CreateBooking';
      input: BookingInput;
      channel: BookingChannel;
      context: BookingContext;
      /** Set by an import: whether the customers are to be told of their bookings (the notifications context acts on it). */
      notify_customer?: boolean;
    })
  | (Ids & { type: 'UpdateBooking'; input: Partial<BookingInput>; context: BookingContext })
  | (Ids & { type: 'CancelBooking'; reason: string | null })
  | (Ids & { type: 'DeleteBooking' })
  | (Ids & { type: 'MarkBookingNoShow' })
  | (Ids & { type: 'CompleteBooking' })
  | (Ids & { type: 'CheckInBooking'; queue_id: string; ticket_id: string });
