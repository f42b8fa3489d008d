import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { conflict, notFound } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny } from '../settings';
import type { Ids, QueueRequestCommand, QueueRequestFields, QueueRequestInput } from './commands';
import type { EventIds, QueueRequestEvent } from './events';
import type { KnownRequest as Known, QueueRequestState } from './state';

export const REQUEST_LIMITS = { name: 120, note: 1000, reason: 500, services: 20 } as const;

/** A phone number in E.164, read with the business's country when it has no country code. */
export function phoneE164(raw: string, country: string | null): string | null {
  const text = raw.trim();
  if (!text || text.length > 40) return null;
  const parsed = parsePhoneNumberFromString(text, (country?.toUpperCase() as CountryCode) || undefined);
  return parsed?.isValid() ? parsed.number : null;
}

const trimmed = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '') || null;
/** Control characters have no place in a name; a note or a reason may keep its line breaks and tabs. */
const CONTROL_IN_NAME = /\p{Cc}/u;
const CONTROL_IN_TEXT = /[^\P{Cc}\n\r\t]/u;

/** Checks and normalises the fields given (an update gives some); every problem is gathered per field first. */
function check(input: QueueRequestInput, country: string | null): Partial<QueueRequestFields> {
  const errors: FieldErrors = {};
  const out: Partial<QueueRequestFields> = {};
  if (input.name !== undefined) {
    const name = trimmed(input.name);
    if (!name) addError(errors, 'name', 'The name is required');
    else if (name.length > REQUEST_LIMITS.name) addError(errors, 'name', `The name may have at most ${REQUEST_LIMITS.name} characters`);
    else if (CONTROL_IN_NAME.test(name)) addError(errors, 'name', 'Enter a valid name');
    else out.name = name;
  }
  if (input.phone !== undefined) {
    const phone = phoneE164(input.phone ?? '', country);
    if (!phone) addError(errors, 'phone', 'Enter a valid phone number');
    else out.phone = phone;
  }
  if (input.service_ids !== undefined) {
    const ids = [...new Set((input.service_ids ?? []).map((s) => s.toLowerCase()))];
    if (ids.length > REQUEST_LIMITS.services) addError(errors, 'service_ids', `Select at most ${REQUEST_LIMITS.services} services`);
    else out.service_ids = ids;
  }
  if (input.member_id !== undefined) out.member_id = input.member_id ? input.member_id.toLowerCase() : null;
  if (input.note !== undefined) {
    const note = trimmed(input.note);
    if (note && note.length > REQUEST_LIMITS.note) addError(errors, 'note', `The note may have at most ${REQUEST_LIMITS.note} characters`);
    else if (note && CONTROL_IN_TEXT.test(note)) addError(errors, 'note', 'Enter a valid note');
    else out.note = note;
  }
  throwIfAny(errors);
  return out;
}

/** The request the command names, in the caller's business and queue; anything else answers like a missing one. */
function known(state: QueueRequestState, c: Ids): Known {
  if (state.status === 'none' || state.status === 'deleted' || state.business_id !== c.business_id || state.queue_id !== c.queue_id)
    throw notFound('Queue request not found');
  return state;
}

/**
 * The refusals of an approval, apart from the ticket it records: the service checks them before
 * it pushes a ticket, so a request that cannot be approved never puts anyone in the queue.
 */
export function checkApprovable(state: QueueRequestState, c: Ids): Known {
  const s = known(state, c);
  if (s.status === 'approved') throw conflict('The request is already approved', 'request_approved');
  if (s.status === 'declined') throw conflict('A declined request cannot be approved', 'request_declined');
  return s;
}

type RequestCommandOf<T extends QueueRequestCommand['type']> = Extract<QueueRequestCommand, { type: T }>;
const idsOf = (c: Ids): Ids => ({ request_id: c.request_id, business_id: c.business_id, queue_id: c.queue_id });
const eventIdsOf = (c: Ids, s: Known): EventIds => ({ ...idsOf(c), uid: s.uid });

function submit(command: RequestCommandOf<'SubmitQueueRequest'>, state: QueueRequestState): QueueRequestEvent[] {
  if (state.status !== 'none') return [];
  const { input } = command;
  const f = check(
    { name: input.name ?? '', phone: input.phone ?? '', service_ids: input.service_ids ?? [], member_id: input.member_id ?? null, note: input.note ?? null },
    command.country,
  );
  return [{ type: 'QueueRequestSubmitted', data: { ...idsOf(command), uid: command.uid, ...(f as QueueRequestFields) } }];
}

function update(command: RequestCommandOf<'UpdateQueueRequest'>, state: QueueRequestState): QueueRequestEvent[] {
  const s = known(state, command);
  if (s.status !== 'pending') throw conflict('Only a pending request can be changed', 'request_not_pending');
  const next = check(command.changes, command.country);
  const changes = Object.fromEntries(
    Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(s.fields[k as keyof QueueRequestFields])),
  ) as Partial<QueueRequestFields>;
  return Object.keys(changes).length ? [{ type: 'QueueRequestUpdated', data: { ...eventIdsOf(command, s), changes } }] : [];
}

function approve(command: RequestCommandOf<'ApproveQueueRequest'>, state: QueueRequestState): QueueRequestEvent[] {
  const s = checkApprovable(state, command);
  return [{ type: 'QueueRequestApproved', data: { ...eventIdsOf(command, s), ...command.ticket } }];
}

function decline(command: RequestCommandOf<'DeclineQueueRequest'>, state: QueueRequestState): QueueRequestEvent[] {
  const s = known(state, command);
  if (s.status === 'approved') throw conflict('An approved request cannot be declined: its ticket is already in the queue', 'request_approved');
  if (s.status === 'declined') return [];
  const reason = trimmed(command.reason);
  if (reason && reason.length > REQUEST_LIMITS.reason) throwIfAny({ reason: [`The reason may have at most ${REQUEST_LIMITS.reason} characters`] });
  if (reason && CONTROL_IN_TEXT.test(reason)) throwIfAny({ reason: ['Enter a valid reason'] });
  return [{ type: 'QueueRequestDeclined', data: { ...eventIdsOf(command, s), reason } }];
}

function remove(command: RequestCommandOf<'DeleteQueueRequest'>, state: QueueRequestState): QueueRequestEvent[] {
  return [{ type: 'QueueRequestDeleted', data: eventIdsOf(command, known(state, command)) }];
}

type DecideRequest<T extends QueueRequestCommand['type']> = (command: RequestCommandOf<T>, state: QueueRequestState) => QueueRequestEvent[];
/** One function per command; a command missing here fails to compile. */
const DECIDERS: { [T in QueueRequestCommand['type']]: DecideRequest<T> } = {
  SubmitQueueRequest: submit,
  UpdateQueueRequest: update,
  ApproveQueueRequest: approve,
  DeclineQueueRequest: decline,
  DeleteQueueRequest: remove,
};

export const decide = (command: QueueRequestCommand, state: QueueRequestState): QueueRequestEvent[] =>
  (DECIDERS[command.type] as DecideRequest<QueueRequestCommand['type']>)(command as never, state);
