import { Map as IMap } from 'immutable';
import type { ArchiveStatus, TicketStatus } from '@tabour/contracts';
import type { QueueSettings } from '../settings';

export const queueStream = (id: string) => `queue-${id}`;

// A live ticket's statuses and how it left the live list for the archive are the contract's.
export type { ArchiveStatus, TicketStatus };

/** A ticket of the day as the queue knows it; its rank is its place in `waiting`. */
export interface Ticket {
  id: string;
  uid: string;
  number: number;
  label: string;
  day: string;
  status: TicketStatus;
  urgent: boolean;
  service_ids: string[];
  member_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  counter_id: string | null;
  checked_in_at: string;
  called_at: string | null;
  /** The time the staff expects to spend with the customer, when set at the counter. */
  service_seconds: number | null;
  late: boolean;
  /** The booking whose check-in made this ticket (absent on tickets taken without one). */
  booking_id?: string | null;
}

export interface Counter {
  id: string;
  name: string;
  break_minutes: number;
  service_ids: string[];
  open: boolean;
  held_by: string | null;
  serving: string | null;
}

export interface QueueState {
  status: 'none' | 'active' | 'deleted';
  queue_id: string;
  business_id: string;
  settings: QueueSettings | null;
  paused: boolean;
  delay_seconds: number;
  /** The business-local day the numbers below belong to. */
  day: string | null;
  last_number: number;
  used_numbers: number[];
  counters: Record<string, Counter>;
  /**
   * The live tickets by id, a persistent map: each event changes one entry while sharing the
   * rest, so a list of a thousand is not copied on every call (as a plain object would be).
   */
  tickets: IMap<string, Ticket>;
  /** Waiting tickets in rank order: rank = index + 1, so ranks have no holes by construction. */
  waiting: string[];
  /** Smoothed service time per service id ('*' for tickets without a service), in seconds. */
  service_time: Record<string, number>;
  /** How many waiting tickets are urgent: with none, call next takes the first it may serve without reading the rest. */
  urgent_waiting: number;
}

/** The queue and its business, carried by every command and every event. */
export type Ids = { queue_id: string; business_id: string };

export const idsOf = (c: Ids): Ids => ({ queue_id: c.queue_id, business_id: c.business_id });

export const initialQueueState = (): QueueState => ({
  status: 'none',
  queue_id: '',
  business_id: '',
  settings: null,
  paused: false,
  delay_seconds: 0,
  day: null,
  last_number: 0,
  used_numbers: [],
  counters: {},
  tickets: IMap<string, Ticket>(),
  waiting: [],
  service_time: {},
  urgent_waiting: 0,
});
