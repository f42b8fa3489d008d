import { Inject, Injectable } from '@nestjs/common';
import { Db } from '@tabour/platform';
import { PageRequest } from '../../common/paging';
import { DB } from '../../common/tokens';
import { archive, ArchiveFilters, damaged, queuesWithOpenTickets } from './archive';
import { counter, counters, heldCounter } from './counters';
import { feedback, FeedbackFilters } from './feedback';
import { noteTypeExists, noteTypeOne, noteTypes } from './note-types';
import { publicTicket } from './public-ticket';
import { queue, queueExists, queueList, summaries } from './queue';
import { queueOfTicket, ticketAnyQueue, ticketOfQueue, withNames } from './tickets';
import { byStatus, waitingList } from './waiting-list';

export { ARCHIVE_STATUSES, type ArchiveFilters } from './archive';
export type { FeedbackFilters } from './feedback';
export type { Summary } from './queue';
export { TICKET_COLUMNS } from './tickets';

/**
 * Reads of the queues context's tables, each filtered by the caller's business; one file per
 * view (queue, waiting list, archive, counters, tickets, note types, feedback, public link).
 */
@Injectable()
export class QueueQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  withNames<T extends { customer_id: string | null; customer_name: string | null }>(tenantId: string, rows: T[]) {
    return withNames(this.db, tenantId, rows);
  }
  exists(tenantId: string, id: string) {
    return queueExists(this.db, tenantId, id);
  }
  queue(tenantId: string, id: string) {
    return queue(this.db, tenantId, id);
  }
  list(tenantId: string, page: PageRequest, opts: { q?: string; summary?: boolean; serviceId?: string } = {}) {
    return queueList(this.db, tenantId, page, opts);
  }
  summaries(tenantId: string, ids: string[]) {
    return summaries(this.db, tenantId, ids);
  }
  waitingList(tenantId: string, queueId: string) {
    return waitingList(this.db, tenantId, queueId);
  }
  byStatus(tenantId: string, queueId: string, status: 'in_service' | 'on_hold') {
    return byStatus(this.db, tenantId, queueId, status);
  }
  archive(tenantId: string, queueId: string, page: PageRequest, f: ArchiveFilters) {
    return archive(this.db, tenantId, queueId, page, f);
  }
  ticket(tenantId: string, queueId: string, ticketId: string) {
    return ticketOfQueue(this.db, tenantId, queueId, ticketId);
  }
  ticketAnyQueue(tenantId: string, ticketId: string) {
    return ticketAnyQueue(this.db, tenantId, ticketId);
  }
  damaged(tenantId: string, today: string, queueId?: string) {
    return damaged(this.db, tenantId, today, queueId);
  }
  queuesWithOpenTickets() {
    return queuesWithOpenTickets(this.db);
  }
  counters(tenantId: string, queueId?: string) {
    return counters(this.db, tenantId, queueId);
  }
  counter(tenantId: string, queueId: string, counterId: string) {
    return counter(this.db, tenantId, queueId, counterId);
  }
  heldCounter(tenantId: string, memberId: string) {
    return heldCounter(this.db, tenantId, memberId);
  }
  queueOfTicket(uid: string) {
    return queueOfTicket(this.db, uid);
  }
  noteTypeExists(tenantId: string, id: string) {
    return noteTypeExists(this.db, tenantId, id);
  }
  noteTypes(tenantId: string, page: PageRequest, q?: string) {
    return noteTypes(this.db, tenantId, page, q);
  }
  noteType(tenantId: string, id: string) {
    return noteTypeOne(this.db, tenantId, id);
  }
  feedback(tenantId: string, page: PageRequest, f: FeedbackFilters) {
    return feedback(this.db, tenantId, page, f);
  }
  publicTicket(uid: string) {
    return publicTicket(this.db, uid);
  }
}
