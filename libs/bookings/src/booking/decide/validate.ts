import { DateTime } from 'luxon';
import { addError, type BookingInput, type FieldErrors, type FormValue, type LatLng } from '@tabour/contracts';
import type { BookingContext } from '../commands';
import type { BookingDetails, BookingSlot } from '../events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** An instant with its offset: a start without one would be read in whatever zone the server runs. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;

const uniqueIds = (value: unknown, field: string, errors: FieldErrors): string[] => {
  if (value == null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !UUID.test(v))) {
    addError(errors, field, `${field} must be a list of ids`);
    return [];
  }
  return [...new Set(value as string[])];
};

/**
 * The place the input asks for: the services must be the department's, the member one it may
 * book, the duration the services' sum (or the department's slot), and the local date and time
 * read in the business's zone.
 */
export function checkSlot(input: Partial<BookingInput>, context: BookingContext, errors: FieldErrors): BookingSlot | null {
  const department = context.department;
  if (!department) {
    addError(errors, 'department_id', 'Select a department of the business');
    return null;
  }
  const serviceIds = uniqueIds(input.service_ids, 'service_ids', errors);
  const durations = new Map(department.services.map((s) => [s.id, s.duration_seconds]));
  serviceIds.forEach((id, i) => {
    if (!context.business_service_ids.includes(id)) addError(errors, `service_ids.${i}`, "The service is not one of the business's");
    else if (!durations.has(id)) addError(errors, `service_ids.${i}`, 'The service is not offered in this department');
  });
  const memberId = input.member_id ?? null;
  if (memberId !== null && !context.bookable_member_ids.includes(memberId))
    addError(errors, 'member_id', 'This team member cannot be booked in this department');
  if (memberId === null && department.must_select_member) addError(errors, 'member_id', 'Select a team member');

  const start = typeof input.starts_at === 'string' && INSTANT.test(input.starts_at) ? DateTime.fromISO(input.starts_at, { setZone: true }) : null;
  if (!start?.isValid) {
    addError(errors, 'starts_at', 'Give the start as a date and time with its offset');
    return null;
  }
  const seconds = serviceIds.reduce((sum, id) => sum + (durations.get(id) ?? 0), 0);
  const duration = serviceIds.length ? Math.max(1, Math.ceil(seconds / 60)) : department.slot_duration;
  const local = start.setZone(context.time_zone);
  return {
    department_id: department.id,
    member_id: memberId,
    service_ids: serviceIds,
    duration,
    starts_at: start.toUTC().toISO()!,
    ends_at: start.plus({ minutes: duration }).toUTC().toISO()!,
    date: local.toISODate()!,
    slot: local.toFormat('HH:mm'),
  };
}

const text = (value: unknown, field: string, max: number, errors: FieldErrors): string | null => {
  if (value == null || value === '') return null;
  if (typeof value !== 'string') {
    addError(errors, field, `${field} must be text`);
    return null;
  }
  const trimmed = value.trim();
  if (trimmed.length > max) addError(errors, field, `${field} may have at most ${max} characters`);
  return trimmed || null;
};

const flag = (value: unknown, field: string, errors: FieldErrors): boolean => {
  if (value == null) return false;
  if (typeof value !== 'boolean') addError(errors, field, `${field} must be true or false`);
  return value === true;
};

function location(value: unknown, errors: FieldErrors): LatLng | null {
  if (value == null) return null;
  const v = value as LatLng;
  const ok = typeof v === 'object' && Number.isFinite(v.lat) && Number.isFinite(v.lng) && Math.abs(v.lat) <= 90 && Math.abs(v.lng) <= 180;
  if (!ok) {
    addError(errors, 'location', 'The location must be a latitude from -90 to 90 and a longitude from -180 to 180');
    return null;
  }
  return { lat: v.lat, lng: v.lng };
}

function additionalData(value: unknown, errors: FieldErrors): Record<string, FormValue> {
  if (value == null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    addError(errors, 'additional_data', 'additional_data must map a form field to its value');
    return {};
  }
  const out: Record<string, FormValue> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') addError(errors, `additional_data.${key}`, 'A form value must be text or a number');
    else if (typeof v === 'string' && v.length > 2000) addError(errors, `additional_data.${key}`, 'A form value may have at most 2000 characters');
    else out[key] = v;
  }
  return out;
}

/** The given details, checked; a field left out of a partial input is left out of the answer. */
export function checkDetails(input: Partial<BookingInput>, context: BookingContext, errors: FieldErrors, partial: boolean): Partial<BookingDetails> {
  const out: Partial<BookingDetails> = {};
  const has = (key: keyof BookingInput) => !partial || input[key] !== undefined;
  if (has('customer_id')) {
    const id = input.customer_id ?? null;
    if (id !== null && (typeof id !== 'string' || !UUID.test(id) || !context.customer_known))
      addError(errors, 'customer_id', "The customer is not one of the business's");
    out.customer_id = id;
  }
  if (has('queue_id')) {
    const id = input.queue_id ?? null;
    if (id !== null && (typeof id !== 'string' || !UUID.test(id))) addError(errors, 'queue_id', 'queue_id must be an id');
    out.queue_id = id;
  }
  if (has('counter_ids')) out.counter_ids = uniqueIds(input.counter_ids, 'counter_ids', errors);
  if (has('additional_data')) {
    out.additional_data = additionalData(input.additional_data, errors);
    for (const [field, messages] of Object.entries(context.additional_data_errors ?? {}))
      for (const m of messages) addError(errors, `additional_data.${field}`, m);
  }
  if (has('remarks')) out.remarks = text(input.remarks, 'remarks', 2000, errors);
  if (has('phone_number')) out.phone_number = text(input.phone_number, 'phone_number', 30, errors);
  if (has('is_online')) out.is_online = flag(input.is_online, 'is_online', errors);
  if (has('sync_booking_with_graph')) out.sync_booking_with_graph = flag(input.sync_booking_with_graph, 'sync_booking_with_graph', errors);
  if (has('location')) out.location = location(input.location, errors);
  if (!partial) out.attachments = [];
  // The resource guard checks them against the resources' capacity; a create naming none keeps the field absent.
  if (partial ? input.resource_ids !== undefined : input.resource_ids != null) out.resource_ids = uniqueIds(input.resource_ids, 'resource_ids', errors);
  return out;
}
