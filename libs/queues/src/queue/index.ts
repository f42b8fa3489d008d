import type { Decider } from '@tabour/eventstore';
import type { QueueCommand } from './commands';
import { decide } from './decide';
import type { QueueEvent } from './events';
import { evolve } from './evolve';
import { initialQueueState, QueueState } from './state';

/**
 * The queue's decider, one module per concern: the queue's settings (queue.ts), its counters
 * (counter.ts), tickets coming in and their details (ticket.ts), the counter's service
 * (service.ts), the waiting list's order (order.ts), the day's end (day.ts), ticket numbers
 * (numbering.ts); decide.ts only dispatches to them.
 */
export const queueDecider: Decider<QueueCommand, QueueState, QueueEvent> = { initialState: initialQueueState, decide, evolve };

export { initialQueueState, queueStream } from './state';
export type { ArchiveStatus, Counter, QueueState, Ticket, TicketStatus } from './state';
export { LEAVING, QUEUE_EVENT_TYPES } from './events';
export type { QueueEvent } from './events';
export { needsClock } from './commands';
export type { ClockedCommandType, CommandOf, NewTicket, QueueCommand, QueueCommandType } from './commands';
export { callPositionIn, waitEstimate } from './wait';
export { queueInvariantErrors } from './invariants';
export { DomainError } from '@tabour/platform';
