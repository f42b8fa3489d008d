import { useBusinessChanges } from '../live/useBusinessChanges';

/** A notice concerns the book when it names a booking stream (`booking-<id>`). */
export function isBookingNotice(notice: unknown): boolean {
  const view = (notice as { view?: unknown } | null)?.view;
  return view === 'booking';
}

/**
 * Calls `onChange` (debounced) after every booking change of the business, so a booking made at
 * another desk appears here without a reload; also after every reconnection.
 */
export function useBookingChanges(onChange: () => void, wait = 150): void {
  useBusinessChanges(isBookingNotice, onChange, { wait });
}
