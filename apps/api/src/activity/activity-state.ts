import type { ActivityState } from '@tabour/contracts';
import { fold } from '@tabour/eventstore';
import { queueDecider, type QueueEvent } from '@tabour/queues';
import { bookingDecider, type BookingEvent } from '@tabour/bookings';
import { customerDecider, type CustomerEvent } from '@tabour/customers';
import type { EventRow } from './activity-query';
import { localTime, recordOf } from './describe';

/** How a ticket leaves the live list, as its archive names it. */
const LEFT: Record<string, string> = {
  TicketEnded: 'ended',
  TicketMarkedNoShow: 'no_show',
  TicketMarkedAbsent: 'absent',
  TicketRevoked: 'revoked',
  TicketClosedAtDayEnd: 'closed_at_day_end',
  TicketRedirectedOut: 'redirected',
};

/**
 * What each kind of record's fold needs: its stream's events (personal text already opened),
 * the record being described (its label is filled in here), whether the reader may see
 * personal fields, and the business's time zone for the moments shown.
 */
export interface StateInput {
  events: { type: string; data: Record<string, unknown> }[];
  rows: EventRow[];
  record: ActivityState['record'];
  base: { at: string; events: number };
  personal: boolean;
  zone: string;
}

/** A booking as it stood: its own stream folded with the booking decider. */
export function bookingState({ events, record, base, personal, zone }: StateInput): ActivityState {
  const s = fold(bookingDecider, events as unknown as BookingEvent[]);
  if (s.status === 'none') return { record, ...base, exists: false, fields: {} };
  record.label = localTime(s.starts_at, zone);
  return {
    record,
    ...base,
    exists: s.status !== 'deleted',
    fields: {
      status: s.status,
      starts_at: localTime(s.starts_at, zone),
      duration: s.duration,
      channel: s.channel,
      phone_number: personal ? s.phone_number : null,
      remarks: personal ? s.remarks : null,
    },
  };
}

/** A customer as it stood: its name is its label only for a reader who may see it. */
export function customerState({ events, record, base, personal }: StateInput): ActivityState {
  const s = fold(customerDecider, events as unknown as CustomerEvent[]) as unknown as Record<string, unknown>;
  const p = s;
  if (p.status !== 'none') record.label = personal && p.status === 'active' ? [p.first_name, p.last_name].filter(Boolean).join(' ') || null : null;
  const fields: ActivityState['fields'] = { status: (s.status as string) ?? null, category: (s.category as string) ?? null };
  for (const k of ['first_name', 'last_name', 'email', 'phone']) fields[k] = personal ? ((p[k] as string) ?? null) : null;
  return { record, ...base, exists: s.status === 'active', fields };
}

/**
 * A ticket as it stood, folded inside its queue's stream and read from the queue's state. A
 * ticket that had left the list by then is described from its archive row (`archived`).
 */
export async function ticketState(
  id: string,
  input: StateInput,
  archived: () => Promise<{ label: string; customer_name: string | null } | undefined>,
): Promise<ActivityState> {
  const { events, rows, record, base, personal, zone } = input;
  const s = fold(queueDecider, events as unknown as QueueEvent[]);
  const t = s.tickets.get(id);
  if (!t) {
    // A ticket that left the list is no longer in the queue's state: its last event says how it left.
    const left = [...rows].reverse().find((r) => LEFT[r.event_type] && recordOf({ ...r, data: r.data ?? {} }).id === id);
    if (!left) return { record, ...base, exists: false, fields: {} };
    const row = await archived();
    record.label = row?.label ?? null;
    return {
      record,
      ...base,
      exists: true,
      fields: {
        label: row?.label ?? null,
        status: LEFT[left.event_type],
        left_at: localTime(left.recorded_at, zone),
        customer_name: personal ? (row?.customer_name ?? null) : null,
      },
    };
  }
  record.label = t.label;
  const counter = t.counter_id ? (s.counters[t.counter_id]?.name ?? null) : null;
  const rank = s.waiting.indexOf(id);
  return {
    record,
    ...base,
    exists: true,
    fields: {
      label: t.label,
      status: t.status,
      rank: rank >= 0 ? rank + 1 : null,
      counter,
      urgent: t.urgent,
      checked_in_at: localTime(t.checked_in_at, zone),
      called_at: localTime(t.called_at, zone),
      customer_name: personal ? t.customer_name : null,
    },
  };
}
