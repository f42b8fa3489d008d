/** The queues context's answers: queues, counters, tickets, the waiting list, a ticket's public page. */
import type { Instant, List } from './instants';
import type { ArchiveStatus, NumberType, TicketStatus, Translation, WorkingDay } from './lists';

/** Live counts of a queue and today's measured average wait. */
export interface Summary {
  waiting: number;
  in_service: number;
  on_hold: number;
  open_counters: number;
  counters: number;
  average_wait_seconds: number | null;
  served_today: number;
}

export interface Counter<At = Instant> {
  id: string;
  queue_id: string;
  name: string;
  break_minutes: number;
  service_ids: string[];
  open: boolean;
  status: 'open' | 'closed';
  held_by: string | null;
  serving_ticket_id: string | null;
  serving_label: string | null;
  opened_at?: At | null;
  updated_at?: At;
}

/** A queue's settings, as its create and update calls take them and its reads give them back. */
export interface QueueSettings {
  name: string;
  priority: number;
  ticket_prefix: string;
  number_start: number;
  number_type: NumberType;
  synchronized: boolean;
  auto_call_next: boolean;
  auto_push_bookings: boolean;
  require_confirmed_booking: boolean;
  customer_chooses_member: boolean;
  ask_covid_symptoms: boolean;
  on_hold_enabled: boolean;
  service_ids: string[];
  department_ids: string[];
  member_ids: string[];
  working_days: WorkingDay[] | null;
  translations: Record<string, Translation>;
}

export interface Queue<At = Instant> extends QueueSettings {
  id: string;
  paused: boolean;
  delay_seconds: number;
  created_at?: At;
  updated_at?: At;
  /** On the one-queue read. */
  counters?: Counter<At>[];
  /** On the one-queue read, and on the list when asked for. */
  summary?: Summary;
}

export interface TicketNote {
  note_type_id: string | null;
  text: string;
  by?: string | null;
  at?: string;
}

/**
 * A ticket as the staff's screens read it: live (waiting, in service, on hold) or archived.
 * Fields marked optional are given by some reads only: a waiting ticket has no counter, only the
 * waiting list ranks and estimates, only the archive has left the live list.
 */
export interface Ticket<At = Instant> {
  id: string;
  queue_id: string;
  uid: string;
  number: number;
  label: string;
  /** The business-local day the ticket was taken, YYYY-MM-DD. */
  day: string;
  status: TicketStatus | ArchiveStatus;
  urgent: boolean;
  /** Moved back because the customer said they run late. */
  late: boolean;
  service_ids: string[];
  member_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  counter_id?: string | null;
  counter_name?: string | null;
  checked_in_at: At;
  called_at?: At | null;
  archived_at?: At | null;
  /** The time the staff expects to spend with the customer, when set at the counter. */
  service_seconds?: number | null;
  rank?: number | null;
  /** A waiting ticket's place in the order call next follows (urgent first), which its estimate counts. */
  call_position?: number | null;
  estimated_wait_seconds?: number | null;
  /** The estimate the customer was given when the ticket was taken. */
  checked_in_estimate_seconds?: number | null;
  notes?: TicketNote[];
  feedback_stars?: number | null;
  feedback_text?: string | null;
  /** The booking whose check-in made this ticket. */
  booking_id?: string | null;
  /** On the damaged tickets' read, which spans queues. */
  queue_name?: string;
}

/** The waiting list in the order the tickets will be called (urgent first), with the queue's state the screen shows beside it. */
export interface WaitingList<At = Instant> extends List<Ticket<At>> {
  paused: boolean;
  delay_seconds: number;
}

/** What a ticket's public link shows: no name, phone or note of anyone, only this ticket's place in its queue. */
export interface PublicTicket<At = Instant> {
  uid: string;
  label: string;
  number: number;
  day: string;
  status: TicketStatus | ArchiveStatus;
  rank: number | null;
  ahead: number | null;
  estimated_wait_seconds: number | null;
  business?: { name: string | null };
  queue: { id: string; name: string; translations?: Record<string, { name?: string | null }>; paused: boolean; delay_seconds: number };
  counter_name: string | null;
  checked_in_at: At;
  called_at: At | null;
  archived_at: At | null;
  late: boolean;
  feedback_given: boolean;
  /** What the business lets the customer do on this page (its public settings); absent means all. */
  allowed?: { cancel: boolean; running_late: boolean; feedback: boolean };
}

export interface NoteType<At = Instant> {
  id: string;
  name: string;
  title: string;
  color: string | null;
  status: 'active';
  created_at?: At;
  updated_at?: At;
}

/** The counter the signed-in member holds open, in any queue (GET /business/counter/mine). */
export interface HeldCounter {
  id: string;
  queue_id: string;
  name: string;
}
