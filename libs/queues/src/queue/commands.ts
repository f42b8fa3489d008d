import type { QueueSettings } from '../settings';
import type { Counter, Ids, Ticket } from './state';
import type { Arriving } from './events';

export interface NewTicket {
  ticket_id: string;
  uid: string;
  service_ids: string[];
  member_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  urgent: boolean;
  /** The booking being checked in: the ticket keeps it, so each side names the other. */
  booking_id?: string | null;
}

/** Every command names the queue and the caller's business; `at` and `day` come from the clock, so decide stays pure. */
type Base = Ids;
type Clock = { at: string; day: string };
export type QueueCommand =
  | (Base & { type: 'CreateQueue'; settings: QueueSettings })
  | (Base & { type: 'UpdateQueue'; changes: Partial<QueueSettings> })
  | (Base & { type: 'DeleteQueue' })
  | (Base & { type: 'PauseQueue' })
  | (Base & { type: 'ResumeQueue' })
  | (Base & { type: 'DelayQueue'; hours: number; minutes: number })
  | (Base & { type: 'CreateCounter'; counter_id: string; name: string; break_minutes: number; service_ids: string[] })
  | (Base & { type: 'UpdateCounter'; counter_id: string; changes: Partial<Pick<Counter, 'name' | 'break_minutes' | 'service_ids'>> })
  | (Base & { type: 'DeleteCounter'; counter_id: string })
  | (Base & { type: 'OpenCounter'; counter_id: string; member_id: string })
  | (Base & { type: 'CloseCounter'; counter_id: string })
  | (Base & Clock & { type: 'PushTicket'; ticket: NewTicket; random: number })
  | (Base & Clock & { type: 'CallNext'; counter_id: string; member_id: string })
  | (Base & Clock & { type: 'EndTicket'; ticket_id: string })
  | (Base & Clock & { type: 'MarkNoShow'; ticket_id: string })
  | (Base & Clock & { type: 'MarkAbsent'; ticket_id: string })
  | (Base & Clock & { type: 'RevokeTicket'; ticket_id: string; by: 'staff' | 'customer' | 'system' })
  | (Base & { type: 'PushBack'; ticket_id: string })
  | (Base & { type: 'RunningLate'; ticket_id: string; places: number })
  | (Base & { type: 'SwapTickets'; ticket_1: string; ticket_2: string })
  | (Base & { type: 'MoveTicket'; ticket_id: string; from_rank: number; to_rank: number })
  | (Base & { type: 'HoldTicket'; ticket_id: string })
  | (Base & { type: 'RecallTicket'; ticket_id: string })
  | (Base & { type: 'SetUrgent'; ticket_id: string; urgent: boolean })
  | (Base & Clock & { type: 'AddNote'; ticket_id: string; note_type_id: string | null; text: string; by: string | null })
  | (Base & { type: 'ChangeMember'; ticket_id: string; member_id: string | null })
  | (Base & Clock & { type: 'ChangeServiceTime'; ticket_id: string; service_seconds: number })
  | (Base & Clock & { type: 'RedirectOut'; ticket_id: string; to_queue_id: string })
  | (Base & Clock & { type: 'RedirectIn'; ticket: Ticket; from_queue_id: string; keep_number: boolean; random: number })
  | (Base & { type: 'RestoreTicket'; ticket: Arriving })
  | (Base & Clock & { type: 'CloseDay' })
  | (Base & Clock & { type: 'CloseDamagedTicket'; ticket_id: string });

export type QueueCommandType = QueueCommand['type'];
/** The command of one type, as its decide function receives it. */
export type CommandOf<T extends QueueCommandType> = Extract<QueueCommand, { type: T }>;

/** The commands whose type carries the clock's `at` and `day`. */
export type ClockedCommandType = Extract<QueueCommand, Clock>['type'];

/**
 * Whether the caller must read the clock before submitting a command. The value each type must
 * have follows from the union above, so a new command fails to compile until it is listed here,
 * and a command that gains or loses `at` fails until its entry follows.
 */
const CLOCK: { [T in QueueCommandType]: T extends ClockedCommandType ? true : false } = {
  CreateQueue: false,
  UpdateQueue: false,
  DeleteQueue: false,
  PauseQueue: false,
  ResumeQueue: false,
  DelayQueue: false,
  CreateCounter: false,
  UpdateCounter: false,
  DeleteCounter: false,
  OpenCounter: false,
  CloseCounter: false,
  PushTicket: true,
  CallNext: true,
  EndTicket: true,
  MarkNoShow: true,
  MarkAbsent: true,
  RevokeTicket: true,
  PushBack: false,
  RunningLate: false,
  SwapTickets: false,
  MoveTicket: false,
  HoldTicket: false,
  RecallTicket: false,
  SetUrgent: false,
  AddNote: true,
  ChangeMember: false,
  ChangeServiceTime: true,
  RedirectOut: true,
  RedirectIn: true,
  RestoreTicket: false,
  CloseDay: true,
  CloseDamagedTicket: true,
};

export const needsClock = (type: QueueCommandType): type is ClockedCommandType => CLOCK[type];
