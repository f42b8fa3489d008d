import { QUEUE_EVENT_TYPES as EVENT_TYPES } from '@tabour/contracts';
import type { QueueSettings } from '../settings';
import type { ArchiveStatus, Counter, Ids, Ticket, TicketStatus } from './state';

/** What every event that takes a ticket off the live list carries. */
export type Left = Ids & { ticket_id: string; from_rank: number | null; counter_id: string | null; at: string };
/** A ticket as it enters the waiting list: not yet called, at no counter. */
export type Arriving = Omit<Ticket, 'status' | 'counter_id' | 'called_at'>;

export type QueueEvent =
  | { type: 'QueueCreated'; data: Ids & { settings: QueueSettings } }
  | { type: 'QueueUpdated'; data: Ids & { changes: Partial<QueueSettings> } }
  | { type: 'QueueDeleted'; data: Ids }
  | { type: 'QueuePaused'; data: Ids }
  | { type: 'QueueResumed'; data: Ids }
  | { type: 'QueueDelayed'; data: Ids & { delay_seconds: number } }
  | { type: 'CounterCreated'; data: Ids & { counter_id: string; name: string; break_minutes: number; service_ids: string[] } }
  | { type: 'CounterUpdated'; data: Ids & { counter_id: string; changes: Partial<Pick<Counter, 'name' | 'break_minutes' | 'service_ids'>> } }
  | { type: 'CounterDeleted'; data: Ids & { counter_id: string } }
  | { type: 'CounterOpened'; data: Ids & { counter_id: string; member_id: string } }
  | { type: 'CounterClosed'; data: Ids & { counter_id: string; member_id: string | null } }
  | { type: 'TicketPushed'; data: Ids & { ticket: Arriving; rank: number; estimated_wait_seconds: number } }
  | { type: 'TicketRedirectedIn'; data: Ids & { ticket: Arriving; rank: number; from_queue_id: string; estimated_wait_seconds: number } }
  | { type: 'TicketRestored'; data: Ids & { ticket: Arriving; rank: number } }
  | { type: 'TicketCalled'; data: Ids & { ticket_id: string; counter_id: string; member_id: string; from_rank: number; at: string; waited_seconds: number } }
  | {
      type: 'TicketReturnedToWaiting';
      data: Ids & { ticket_id: string; to_rank: number; counter_id: string | null; reason: 'counter_closed' | 'pushed_back' | 'recalled' };
    }
  | { type: 'TicketMoved'; data: Ids & { ticket_id: string; from_rank: number; to_rank: number; reason: 'moved' | 'pushed_back' | 'late' } }
  | { type: 'TicketsSwapped'; data: Ids & { ticket_1: string; ticket_2: string; rank_1: number; rank_2: number } }
  | { type: 'TicketHeld'; data: Ids & { ticket_id: string; from_rank: number | null; counter_id: string | null } }
  | {
      type: 'TicketEnded';
      data: Left & {
        service_id: string | null;
        served_seconds: number;
        /** The service's smoothed time after this visit (absent on older events). */ smoothed_seconds?: number;
      };
    }
  | { type: 'TicketMarkedNoShow'; data: Left }
  | { type: 'TicketMarkedAbsent'; data: Left }
  | { type: 'TicketRevoked'; data: Left & { by: 'staff' | 'customer' | 'system' } }
  | { type: 'TicketClosedAtDayEnd'; data: Left & { status_was: TicketStatus } }
  | { type: 'TicketRedirectedOut'; data: Left & { to_queue_id: string } }
  | { type: 'TicketUrgencyChanged'; data: Ids & { ticket_id: string; urgent: boolean } }
  | { type: 'TicketNoteAdded'; data: Ids & { ticket_id: string; note_type_id: string | null; text: string; at: string; by: string | null } }
  | { type: 'TicketMemberChanged'; data: Ids & { ticket_id: string; member_id: string | null } }
  | { type: 'TicketServiceTimeChanged'; data: Ids & { ticket_id: string; service_seconds: number } };

export type QueueEventType = QueueEvent['type'];

/** The contract's list, which the activity log words too; each of its types is one of these events. */
export const QUEUE_EVENT_TYPES = EVENT_TYPES satisfies readonly QueueEventType[];

// The projections subscribe by this list: an event type missing from it would never reach them.
type Missing = Exclude<QueueEventType, (typeof QUEUE_EVENT_TYPES)[number]>;
const everyEventListed: [Missing] extends [never] ? true : Missing = true;
void everyEventListed;

/** Events that take a ticket off the live list into the archive, with the status it is archived in. */
export const LEAVING: Record<string, ArchiveStatus> = {
  TicketEnded: 'ended',
  TicketMarkedNoShow: 'no_show',
  TicketMarkedAbsent: 'absent',
  TicketRevoked: 'revoked',
  TicketClosedAtDayEnd: 'closed_at_day_end',
  TicketRedirectedOut: 'redirected',
};
