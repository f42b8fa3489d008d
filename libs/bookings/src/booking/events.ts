import { BOOKING_EVENT_TYPES as EVENT_TYPES, type BookingAttachment, type BookingChannel, type FormValue, type LatLng } from '@tabour/contracts';

/** The place a booking holds in the book: derived by the decision from the start and the duration. */
export interface BookingSlot {
  department_id: string;
  member_id: string | null;
  service_ids: string[];
  /** Minutes. */
  duration: number;
  starts_at: string;
  ends_at: string;
  /** The start's local date (YYYY-MM-DD) and time (HH:mm) in the business's zone. */
  date: string;
  slot: string;
}

/** What a booking says besides its place. */
export interface BookingDetails {
  customer_id: string | null;
  queue_id: string | null;
  counter_ids: string[];
  additional_data: Record<string, FormValue>;
  remarks: string | null;
  is_online: boolean;
  sync_booking_with_graph: boolean;
  location: LatLng | null;
  phone_number: string | null;
  attachments: BookingAttachment[];
  /** The rooms and equipment it reserves (docs/resources.md); absent in bookings made before resources, or made without any. */
  resource_ids?: string[];
}

export type BookingFields = BookingSlot & BookingDetails & { channel: BookingChannel };

interface Ids {
  booking_id: string;
  business_id: string;
}

export type BookingEvent =
  | { type: 'BookingCreated'; data: Ids & BookingFields & { status: 'pending' | 'confirmed'; notify_customer?: boolean } }
  | { type: 'BookingRescheduled'; data: Ids & BookingSlot & { previous: BookingSlot } }
  | { type: 'BookingUpdated'; data: Ids & { changes: Partial<BookingDetails> } }
  | { type: 'BookingCancelled'; data: Ids & { reason: string | null } }
  | { type: 'BookingDeleted'; data: Ids }
  | { type: 'BookingMarkedNoShow'; data: Ids }
  | { type: 'BookingCompleted'; data: Ids }
  | { type: 'BookingCheckedIn'; data: Ids & { queue_id: string; ticket_id: string } };

/** The contract's list, which the activity log words too; each of its types is one of these events. */
export const BOOKING_EVENT_TYPES = EVENT_TYPES satisfies readonly BookingEvent['type'][];

/** The events that take a place in the book: the capacity guard checks exactly these. */
export const BOOKING_PLACING_EVENT_TYPES = ['BookingCreated', 'BookingRescheduled'] as const satisfies readonly BookingEvent['type'][];
