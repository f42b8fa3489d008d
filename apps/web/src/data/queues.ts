/**
 * Every call the queue screens make to the API, typed: the screens name what they do
 * (`callNext`, `closeCounter`) and never build an address. They still run these through
 * react-query (useQuery, `useQueueCall`'s run) and refresh their keys as before.
 */
import { api } from './http';
import { readList } from './resources';
import type { Counter, HeldCounter, Queue, Ticket, TicketAction, WaitingList } from '@tabour/contracts';
import { queuePath, takeEarly } from './queueFirstReads';

export { queuePath };
const business = '/business';
const ticketPath = (queueId: string, action: string, ticketId: string) => `${queuePath(queueId)}/${action}/${encodeURIComponent(ticketId)}`;

// A read the page started before the screen mounted (waitinglist/early.ts) is answered from it, once.
const get = <T>(path: string) => takeEarly<T>(path) ?? api<T>(path);
const post = <T = unknown>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });
const list = async <T>(path: string) => readList<T>(await (takeEarly(path) ?? api(path))).data;

/** One page of the archive (the API's paged answer). */
export interface ArchivePage {
  data: Ticket[];
  total: number;
}

/** The archive's filter as the API takes it (see `archiveBody`). */
export type ArchiveQuery = Record<string, string>;

export interface PushBody {
  service_ids?: string[];
  member_id?: string | null;
  customer_id?: string | null;
  customer_name?: string | null;
  urgent?: boolean;
  [key: string]: unknown;
}

// Reads of one queue.
export const getQueue = (id: string) => get<Queue>(queuePath(id));
export const getWaitingList = (id: string) => get<WaitingList>(`${queuePath(id)}/waitinglist`);
export const getInService = (id: string) => list<Ticket>(`${queuePath(id)}/inservice`);
export const getOnHold = (id: string) => list<Ticket>(`${queuePath(id)}/onhold`);
export const getCounters = (id: string) => list<Counter>(`${queuePath(id)}/counter`);
export const getArchive = async (id: string, query: ArchiveQuery): Promise<ArchivePage> => readList<Ticket>(await post(`${queuePath(id)}/archive`, query));
export const getMyCounter = async () => (await get<{ counter: HeldCounter | null }>(`${business}/counter/mine`)).counter;

// The queue's own actions.
export const pauseQueue = (id: string) => post(`${queuePath(id)}/pause`);
export const resumeQueue = (id: string) => post(`${queuePath(id)}/resume`);
export const delayQueue = (id: string, hours: number, minutes: number) => post(`${queuePath(id)}/delay`, { hours, minutes });
export const reorderQueueServices = (id: string, serviceIds: string[]) => post(`${queuePath(id)}/services/reorder`, { service_ids: serviceIds });
export const callNext = (id: string, counterId: string) => post<{ ticket: Ticket | null; waiting: number }>(`${queuePath(id)}/call`, { counter_id: counterId });
export const pushTicket = (id: string, body: PushBody) => api<Ticket>(`${queuePath(id)}/push`, { method: 'PUT', body });

// Counters.
const counterPath = (queueId: string, counterId: string) => `${queuePath(queueId)}/counter/${encodeURIComponent(counterId)}`;
export const openCounter = (queueId: string, counterId: string) => post(`${counterPath(queueId, counterId)}/open`);
export const closeCounter = (queueId: string, counterId: string) => post(`${counterPath(queueId, counterId)}/close`);
export const createCounter = (queueId: string, name: string) => api<Counter>(`${queuePath(queueId)}/counter/create`, { method: 'PUT', body: { name } });
export const updateCounter = (queueId: string, counterId: string, body: { name: string; break_minutes: number }) =>
  post<Counter>(`${counterPath(queueId, counterId)}/update`, body);
export const deleteCounter = (queueId: string, counterId: string) => api(`${counterPath(queueId, counterId)}/delete`, { method: 'DELETE' });

// A ticket's actions.
/** The actions without a form: hold, recall, push back, no-show, absent, end, revoke. */
export function ticketAction(action: TicketAction, queueId: string, ticketId: string): Promise<unknown> {
  const call = simpleActionCall(action, queueId, ticketId);
  if (!call) throw new Error(`${action} takes a form`);
  return api(call.path, { method: call.method });
}
export const setUrgent = (queueId: string, ticketId: string, urgent: boolean) => post<Ticket>(ticketPath(queueId, 'urgent', ticketId), { urgent });
export const addNote = (queueId: string, ticketId: string, note: string, noteTypeId: string | null) =>
  post<Ticket>(`${queuePath(queueId)}/ticket/${encodeURIComponent(ticketId)}/notes`, { note, note_type_id: noteTypeId });
export const setMember = (queueId: string, ticketId: string, memberId: string | null) =>
  post<Ticket>(ticketPath(queueId, 'member/update', ticketId), { member_id: memberId });
export const setDuration = (queueId: string, ticketId: string, minutes: number) =>
  post<Ticket>(ticketPath(queueId, 'duration', ticketId), { duration: minutes });
export const swapTickets = (queueId: string, ticketId: string, otherId: string) =>
  post(`${ticketPath(queueId, 'swap', ticketId)}/${encodeURIComponent(otherId)}`);
export const redirectTicket = (queueId: string, ticketId: string, targetQueueId: string, keepNumber: boolean) =>
  post<Ticket>(`${ticketPath(queueId, 'redirect', ticketId)}/${encodeURIComponent(targetQueueId)}`, { keep_number: keepNumber });
/** Moves a waiting ticket from one rank to another (both from 1); a stale rank answers 409. */
export const moveTicket = (queueId: string, ticketId: string, fromRank: number, toRank: number) =>
  post(`${ticketPath(queueId, 'move', ticketId)}/${fromRank}/${toRank}`);
export const restoreTicket = (queueId: string, ticketId: string) => post<Ticket>(ticketPath(queueId, 'restore', ticketId));

// What the queue screens read beside the queues.
/** A whole reference list (services, team, note types, queues), unpaged. */
export const getNames = <T>(path: string) => list<T>(`${path}?pagination=off`);
export const getBusinessInfo = () => get<{ time_zone?: string }>(`${business}/info`);
/** The first customers whose name or phone matches, for the push dialog. */
export const searchCustomers = async <T>(text: string) =>
  readList<T>(await get(`${business}/customer?page=1&per_page=10&q=${encodeURIComponent(text.trim())}`)).data;

/** The call of a ticket action without a form (the others build theirs from a dialog). */
export function simpleActionCall(action: TicketAction, queueId: string, ticketId: string): { method: string; path: string } | null {
  const q = `/business/queue/${queueId}`;
  switch (action) {
    case 'hold':
      return { method: 'POST', path: `${q}/hold/${ticketId}` };
    case 'recall':
      return { method: 'POST', path: `${q}/recall/${ticketId}` };
    case 'push_back':
      return { method: 'POST', path: `${q}/pushback/${ticketId}` };
    case 'no_show':
      return { method: 'POST', path: `${q}/noshow/${ticketId}` };
    case 'absent':
      return { method: 'POST', path: `${q}/absent/${ticketId}` };
    case 'end':
      return { method: 'POST', path: `${q}/end/${ticketId}` };
    case 'revoke':
      return { method: 'DELETE', path: `${q}/revoke/${ticketId}` };
    default:
      return null;
  }
}
