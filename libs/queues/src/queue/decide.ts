import type { CommandOf, QueueCommand, QueueCommandType } from './commands';
import { closeCounter, createCounter, deleteCounter, openCounter, updateCounter } from './decide/counter';
import { closeDamagedTicket, closeDay } from './decide/day';
import type { QueueEvent } from './events';
import { existing } from './decide/lookup';
import { holdTicket, moveTicket, pushBack, recallTicket, runningLate, swapTickets } from './decide/order';
import { createQueue, delayQueue, deleteQueue, pauseQueue, resumeQueue, updateQueue } from './decide/queue';
import { callNext, endTicket, markAbsent, markNoShow, redirectOut, revokeTicket } from './decide/service';
import type { QueueState } from './state';
import { addNote, changeMember, changeServiceTime, pushTicket, redirectIn, restoreTicket, setUrgent } from './decide/ticket';

type Decide<T extends QueueCommandType> = (command: CommandOf<T>, state: QueueState) => QueueEvent[];

/** One function per command; a command missing here fails to compile. */
const DECIDERS: { [T in QueueCommandType]: Decide<T> } = {
  CreateQueue: createQueue,
  UpdateQueue: updateQueue,
  DeleteQueue: deleteQueue,
  PauseQueue: pauseQueue,
  ResumeQueue: resumeQueue,
  DelayQueue: delayQueue,
  CreateCounter: createCounter,
  UpdateCounter: updateCounter,
  DeleteCounter: deleteCounter,
  OpenCounter: openCounter,
  CloseCounter: closeCounter,
  PushTicket: pushTicket,
  CallNext: callNext,
  EndTicket: endTicket,
  MarkNoShow: markNoShow,
  MarkAbsent: markAbsent,
  RevokeTicket: revokeTicket,
  PushBack: pushBack,
  RunningLate: runningLate,
  SwapTickets: swapTickets,
  MoveTicket: moveTicket,
  HoldTicket: holdTicket,
  RecallTicket: recallTicket,
  SetUrgent: setUrgent,
  AddNote: addNote,
  ChangeMember: changeMember,
  ChangeServiceTime: changeServiceTime,
  RedirectOut: redirectOut,
  RedirectIn: redirectIn,
  RestoreTicket: restoreTicket,
  CloseDay: closeDay,
  CloseDamagedTicket: closeDamagedTicket,
};

/** Dispatch only: every command but the one creating the queue needs the caller's queue to exist. */
export function decide(command: QueueCommand, state: QueueState): QueueEvent[] {
  const handle = DECIDERS[command.type] as Decide<QueueCommandType>;
  return handle(command as never, command.type === 'CreateQueue' ? state : existing(state, command));
}
