import { Kysely, Transaction } from 'kysely';
import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Decider, InlineProjection, RecordedEvent } from '@tabour/eventstore';
import { QUEUE_REQUEST_STATUSES, type QueueRequestStatus } from '@tabour/contracts';
import { conflict, Database, notFound } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny } from './settings';
import { openingQueueProjection } from './pii';
import './request-tables';

/**
 * A customer's request to join a queue from the web or the mobile app: it waits for staff, who
 * approve it (a ticket is pushed) or decline it. Stream `queuerequest-<id>` (docs/queue-requests.md).
 */
export const queueRequestStream = (id: string) => `queuerequest-${id}`;

export { QUEUE_REQUEST_STATUSES, type QueueRequestStatus };

export const REQUEST_LIMITS = { name: 120, note: 1000, reason: 500, services: 20 } as const;

export interface QueueRequestFields {
  name: string;
  /** E.164. */
  phone: string;
  service_ids: string[];
  member_id: string | null;
  note: string | null;
}

/** What the customer or staff typed; the decider checks and normalises it. */
export type QueueRequestInput = {
  name?: string;
  phone?: string;
  service_ids?: string[] | null;
  member_id?: string | null;
  note?: string | null;
};

/** The ticket an approval pushed into the queue. */
export interface ApprovedTicket {
  ticket_id: string;
  ticket_uid: string;
  label: string;
  customer_id: string | null;
}

type Ids = { request_id: string; business_id: string; queue_id: string };
type EventIds = Ids & { uid: string };

export type QueueRequestCommand =
  | (Ids & { type: 'SubmitQueueRequest'; uid: string; country: string | null; input: QueueRequestInput })
  | (Ids & { type: 'UpdateQueueRequest'; country: string | null; changes: QueueRequestInput })
  | (Ids & { type: 'ApproveQueueRequest'; ticket: ApprovedTicket })
  | (Ids & { type: 'DeclineQueueRequest'; reason: string | null })
  | (Ids & { type: 'DeleteQueueRequest' });

export type QueueRequestEvent =
  | { type: 'QueueRequestSubmitted'; data: EventIds & QueueRequestFields }
  | { type: 'QueueRequestUpdated'; data: EventIds & { changes: Partial<QueueRequestFields> } }
  | { type: 'QueueRequestApproved'; data: EventIds & ApprovedTicket }
  | { type: 'QueueRequestDeclined'; data: EventIds & { reason: string | null } }
  | { type: 'QueueRequestDeleted'; data: EventIds };

export const QUEUE_REQUEST_EVENT_TYPES = [
  'QueueRequestSubmitted',
  'QueueRequestUpdated',
  'QueueRequestApproved',
  'QueueRequestDeclined',
  'QueueRequestDeleted',
] as const;

export type QueueRequestState =
  | { status: 'none' }
  | {
      status: QueueRequestStatus | 'deleted';
      business_id: string;
      queue_id: string;
      uid: string;
      fields: QueueRequestFields;
      ticket: ApprovedTicket | null;
      reason: string | null;
    };
type Known = Exclude<QueueRequestState, { status: 'none' }>;

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

const decide = (command: QueueRequestCommand, state: QueueRequestState): QueueRequestEvent[] =>
  (DECIDERS[command.type] as DecideRequest<QueueRequestCommand['type']>)(command as never, state);

function evolve(state: QueueRequestState, event: QueueRequestEvent): QueueRequestState {
  if (event.type === 'QueueRequestSubmitted') {
    const { request_id: _r, business_id, queue_id, uid, ...fields } = event.data;
    return { status: 'pending', business_id, queue_id, uid, fields, ticket: null, reason: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'QueueRequestUpdated':
      return { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'QueueRequestApproved': {
      const { ticket_id, ticket_uid, label, customer_id } = event.data;
      return { ...state, status: 'approved', ticket: { ticket_id, ticket_uid, label, customer_id } };
    }
    case 'QueueRequestDeclined':
      return { ...state, status: 'declined', reason: event.data.reason };
    case 'QueueRequestDeleted':
      return { ...state, status: 'deleted' };
  }
}

export const queueRequestDecider: Decider<QueueRequestCommand, QueueRequestState, QueueRequestEvent> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};

type Rec = { [T in QueueRequestEvent['type']]: Omit<RecordedEvent, 'type' | 'data'> & Extract<QueueRequestEvent, { type: T }> }[QueueRequestEvent['type']];

/**
 * The requests table, written in the append's transaction: a partial unique index on it keeps
 * one pending request per phone and queue, which no single request's stream could see.
 */
const plainRequestProjection: InlineProjection = {
  name: 'queues.requests',
  tables: ['queue_requests'],
  handles: QUEUE_REQUEST_EVENT_TYPES,
  async apply(trx, events) {
    const db = trx as Transaction<Database> | Kysely<Database>;
    for (const e of events as Rec[]) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      const row = () => db.updateTable('queue_requests').where('tenant_id', '=', tenant).where('id', '=', e.data.request_id);
      switch (e.type) {
        case 'QueueRequestSubmitted': {
          const d = e.data;
          await db
            .insertInto('queue_requests')
            .values({
              id: d.request_id,
              tenant_id: tenant,
              queue_id: d.queue_id,
              uid: d.uid,
              status: 'pending',
              name: d.name,
              phone: d.phone,
              service_ids: JSON.stringify(d.service_ids),
              member_id: d.member_id,
              note: d.note,
              decline_reason: null,
              ticket_id: null,
              ticket_uid: null,
              ticket_label: null,
              customer_id: null,
              created_at: at,
              updated_at: at,
              decided_at: null,
            })
            .execute();
          break;
        }
        case 'QueueRequestUpdated': {
          const { service_ids, ...rest } = e.data.changes;
          await row()
            .set({ ...rest, ...(service_ids ? { service_ids: JSON.stringify(service_ids) } : {}), updated_at: at })
            .execute();
          break;
        }
        case 'QueueRequestApproved': {
          const d = e.data;
          await row()
            .set({
              status: 'approved',
              ticket_id: d.ticket_id,
              ticket_uid: d.ticket_uid,
              ticket_label: d.label,
              customer_id: d.customer_id,
              decided_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'QueueRequestDeclined':
          await row().set({ status: 'declined', decline_reason: e.data.reason, decided_at: at, updated_at: at }).execute();
          break;
        case 'QueueRequestDeleted':
          await db.deleteFrom('queue_requests').where('tenant_id', '=', tenant).where('id', '=', e.data.request_id).execute();
          break;
      }
    }
  },
};

/** The requests table as registered: the name, phone and note arrive sealed and are opened for it (pii.ts). */
export const queueRequestProjection = openingQueueProjection(plainRequestProjection);

/** The index that refuses a second pending request of one phone in one queue (migration 20261123090000). */
export const ONE_PENDING_REQUEST_PER_PHONE = 'queue_requests_one_pending_per_phone';
