import { throwIfAny } from '@tabour/platform';
import type { FieldErrors } from '@tabour/contracts';
import type { BookingCommand } from './commands';
import type { BookingDetails, BookingEvent, BookingSlot, BookingState } from './events';
import { open } from './lookup';
import { checkDetails, checkSlot } from './validate';

type Update = Extract<BookingCommand, { type: 'UpdateBooking' }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const PLACE_KEYS = ['department_id', 'member_id', 'service_ids', 'starts_at'] as const;

/**
 * An update: a new start, member, department or services moves the booking to a new place
 * (BookingRescheduled, which the capacity guard checks); the other fields are BookingUpdated
 * (its `resource_ids`, the whole new set, checked by the resource guard).
 */
export function updateBooking(command: Update, state: BookingState): BookingEvent[] {
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
