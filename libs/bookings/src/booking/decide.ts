import { conflict, notFound, throwIfAny } from '@tabour/platform';
import { addError, type FieldErrors } from '@tabour/contracts';
import type { BookingCommand } from './commands';
import { checkDetails, checkSlot } from './decide/validate';
import type { BookingDetails, BookingEvent, BookingSlot } from './events';
import type { BookingState } from './state';

type Live = Exclude<BookingState, { status: 'none' }>;

/** The booking, when it exists and is the business's: another business's answers as a missing one. */
function existing(command: { business_id: string }, state: BookingState): Live {
  if (state.status === 'none' || state.status === 'deleted' || state.business_id !== command.business_id) throw notFound();
  return state;
}

/** The booking, when it still holds its place in the book (it may be changed). */
function open(command: { business_id: string }, state: BookingState): Live {
  const current = existing(command, state);
  if (current.status !== 'pending' && current.status !== 'confirmed') throw conflict(`The booking is ${current.status.replace('_', ' ')}`, 'booking_closed');
  return current;
}

type Create = Extract<BookingCommand, { type: 'CreateBooking' }>;

function createBooking(command: Create, state: BookingState): BookingEvent[] {
  // A retried create with the same id is already done.
  if (state.status !== 'none') return [];
  const errors: FieldErrors = {};
  const slot = checkSlot(command.input, command.context, errors);
  const details = checkDetails(command.input, command.context, errors, false) as BookingDetails;
  throwIfAny(errors);
  const free = slot!.member_id === null ? command.context.free_member : undefined;
  // The form's refusals (422) come before the slot's (409).
  if (free && 'refused' in free) throw conflict(free.refused.message, free.refused.code);
  const status = command.context.needs_confirmation ? 'pending' : 'confirmed';
  return [
    {
      type: 'BookingCreated',
      data: {
        booking_id: command.booking_id,
        business_id: command.business_id,
        ...slot!,
        ...(free ? { member_id: free.member_id } : {}),
        ...details,
        channel: command.channel,
        status,
        ...(command.notify_customer !== undefined ? { notify_customer: command.notify_customer } : {}),
      },
    },
  ];
}

type Update = Extract<BookingCommand, { type: 'UpdateBooking' }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const PLACE_KEYS = ['department_id', 'member_id', 'service_ids', 'starts_at'] as const;

/**
 * An update: a new start, member, department or services moves the booking to a new place
 * (BookingRescheduled, which the capacity guard checks); the other fields are BookingUpdated
 * (its `resource_ids`, the whole new set, checked by the resource guard).
 */
function updateBooking(command: Update, state: BookingState): BookingEvent[] {
  const current = open(command, state);
  const ids = { booking_id: command.booking_id, business_id: command.business_id };
  const errors: FieldErrors = {};
  const events: BookingEvent[] = [];
  const previous: BookingSlot = {
    department_id: current.department_id,
    member_id: current.member_id,
    service_ids: current.service_ids,
    duration: current.duration,
    starts_at: current.starts_at,
    ends_at: current.ends_at,
    date: current.date,
    slot: current.slot,
  };
  let slot: BookingSlot | null = null;
  if (PLACE_KEYS.some((k) => command.input[k] !== undefined)) {
    // Services of the old department do not follow a booking to another one unless given again.
    const movesDepartment = command.input.department_id !== undefined && command.input.department_id !== current.department_id;
    slot = checkSlot(
      {
        department_id: command.input.department_id ?? current.department_id,
        member_id: command.input.member_id !== undefined ? command.input.member_id : current.member_id,
        service_ids: command.input.service_ids ?? (movesDepartment ? [] : current.service_ids),
        starts_at: command.input.starts_at ?? current.starts_at,
      },
      command.context,
      errors,
    );
  }
  const details = checkDetails(command.input, command.context, errors, true);
  throwIfAny(errors);
  if (slot && !same({ ...slot, service_ids: [...slot.service_ids].sort() }, { ...previous, service_ids: [...previous.service_ids].sort() })) {
    events.push({ type: 'BookingRescheduled', data: { ...ids, ...slot, previous } });
  }
  const changes: Partial<BookingDetails> = {};
  for (const key of Object.keys(details) as (keyof BookingDetails)[]) {
    if (!same(details[key], current[key])) (changes as Record<string, unknown>)[key] = details[key];
  }
  // Resources are a set: the same ones in another order, or none where none were named, change nothing.
  if (changes.resource_ids && same([...changes.resource_ids].sort(), [...(current.resource_ids ?? [])].sort())) delete changes.resource_ids;
  if (Object.keys(changes).length) events.push({ type: 'BookingUpdated', data: { ...ids, changes } });
  return events;
}

type Cancel = Extract<BookingCommand, { type: 'CancelBooking' }>;

function cancelBooking(command: Cancel, state: BookingState): BookingEvent[] {
  // Cancelling a cancelled booking again changes nothing (a retried call).
  if (existing(command, state).status === 'cancelled') return [];
  open(command, state);
  const errors: FieldErrors = {};
  const reason = typeof command.reason === 'string' ? command.reason.trim() || null : null;
  if (reason && reason.length > 500) addError(errors, 'reason', 'The reason may have at most 500 characters');
  throwIfAny(errors);
  return [{ type: 'BookingCancelled', data: { booking_id: command.booking_id, business_id: command.business_id, reason } }];
}

/**
 * Check-in: the booking becomes a ticket of its queue (docs/product.md#check-in). The queue side (pushing the
 * ticket, the queue's flags, the no-show rules) is the check-in's own work
 * (apps/api/src/bookings/checkin.service.ts); this decision records the link once the ticket
 * exists. A booking is checked in once: a second check-in, even of the same ticket, is refused,
 * so two desks checking the same customer in at once learn that one of them was second.
 */
function checkInBooking(command: Extract<BookingCommand, { type: 'CheckInBooking' }>, state: BookingState): BookingEvent[] {
  if (existing(command, state).status === 'checked_in') throw conflict('The booking is already checked in', 'booking_closed');
  open(command, state);
  return [
    {
      type: 'BookingCheckedIn',
      data: { booking_id: command.booking_id, business_id: command.business_id, queue_id: command.queue_id, ticket_id: command.ticket_id },
    },
  ];
}

type Ids = { booking_id: string; business_id: string };

/** Deleting takes the booking out of the book and every list; its events stay for the record. */
function deleteBooking(command: Extract<BookingCommand, { type: 'DeleteBooking' }>, state: BookingState): BookingEvent[] {
  existing(command, state);
  return [{ type: 'BookingDeleted', data: ids(command) }];
}

/** A booking whose customer did not come: only one still expected (or checked in and never served). */
function markNoShow(command: Extract<BookingCommand, { type: 'MarkBookingNoShow' }>, state: BookingState): BookingEvent[] {
  const current = existing(command, state);
  if (current.status === 'no_show') return [];
  if (current.status === 'cancelled' || current.status === 'completed') throw conflict(`The booking is ${current.status}`, 'booking_closed');
  return [{ type: 'BookingMarkedNoShow', data: ids(command) }];
}

function completeBooking(command: Extract<BookingCommand, { type: 'CompleteBooking' }>, state: BookingState): BookingEvent[] {
  const current = existing(command, state);
  if (current.status === 'completed') return [];
  if (current.status === 'cancelled' || current.status === 'no_show') throw conflict(`The booking is ${current.status.replace('_', ' ')}`, 'booking_closed');
  return [{ type: 'BookingCompleted', data: ids(command) }];
}

const ids = (c: Ids): Ids => ({ booking_id: c.booking_id, business_id: c.business_id });

/** Dispatch only, one small function per command. */
export function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'CreateBooking':
      return createBooking(command, state);
    case 'UpdateBooking':
      return updateBooking(command, state);
    case 'CancelBooking':
      return cancelBooking(command, state);
    case 'DeleteBooking':
      return deleteBooking(command, state);
    case 'MarkBookingNoShow':
      return markNoShow(command, state);
    case 'CompleteBooking':
      return completeBooking(command, state);
    case 'CheckInBooking':
      return checkInBooking(command, state);
  }
}
