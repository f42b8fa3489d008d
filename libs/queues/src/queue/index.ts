import type { Decider } from '@tabour/eventstore';
import type { QueueCommand } from './commands';
import { decide } from './decide';
import type { QueueEvent } from './events';
import { evolve } from './evolve';
import { initialQueueState, QueueState } from './state';

/**
 * The queue's decider, laid out as every aggregate is (docs/contributing.md): `decide.ts` only
 * dispatches, one function per command, to the concern files of `decide/` (the queue's settings
 * `queue.ts`, its counters `counter.ts`, tickets coming in and their details `ticket.ts`, the
 * counter's service `service.ts`, the waiting list's order `order.ts`, the day's end `day.ts`,
 * with what they share: `lookup.ts`, ticket numbers `numbering.ts`, waits `wait.ts`, and the
 * invariants every decision keeps, `invariants.ts`); `evolve.ts` only dispatches, one fold per
 * event, to the event families of `evolve/`. Thirty-two commands do not fit one 400-line file.
 */
export const queueDecider: Decider<QueueCommand, QueueState, QueueEvent> = { initialState: initialQueueState, decide, evolve };

export { initialQueueState, queueStream } from './state';
export type { ArchiveStatus, Counter, QueueState, Ticket, TicketStatus } from './state';
export { LEAVING, QUEUE_EVENT_TYPES } from './events';
export type { QueueEvent } from './events';
export { needsClock } from './commands';
export type { ClockedCommandType, CommandOf, NewTicket, QueueCommand, QueueCommandType } from './commands';
export { callPositionIn, waitEstimate } from './decide/wait';
export { queueInvariantErrors } from './decide/invariants';
export { DomainError } from '@tabour/platform';
