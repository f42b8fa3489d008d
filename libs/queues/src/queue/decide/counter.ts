import { conflict } from '@tabour/platform';
import type { CommandOf } from '../commands';
import type { QueueEvent } from '../events';
import { counterOf, unprocessable } from './lookup';
import { idsOf, QueueState } from '../state';

/** The queue's counters: created, renamed, deleted, opened by a member and closed. */

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createCounter(command: CommandOf<'CreateCounter'>, state: QueueState): QueueEvent[] {
  if (state.counters[command.counter_id]) return [];
  const name = command.name.trim();
  if (!name) throw unprocessable('The name is required', 'name');
  if (Object.values(state.counters).some((c) => sameName(c.name, name))) throw unprocessable('A counter of this queue already has this name', 'name');
  return [
    {
      type: 'CounterCreated',
      data: { ...idsOf(command), counter_id: command.counter_id, name, break_minutes: command.break_minutes, service_ids: command.service_ids },
    },
  ];
}

export function updateCounter(command: CommandOf<'UpdateCounter'>, state: QueueState): QueueEvent[] {
  const c = counterOf(state, command.counter_id);
  const changes = { ...command.changes };
  if (changes.name !== undefined) {
    changes.name = changes.name.trim();
    if (!changes.name) throw unprocessable('The name is required', 'name');
    if (Object.values(state.counters).some((o) => o.id !== c.id && sameName(o.name, changes.name!)))
      throw unprocessable('A counter of this queue already has this name', 'name');
  }
  const diff = Object.fromEntries(
    Object.entries(changes).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify((c as unknown as Record<string, unknown>)[k])),
  );
  return Object.keys(diff).length ? [{ type: 'CounterUpdated', data: { ...idsOf(command), counter_id: c.id, changes: diff } }] : [];
}

export function deleteCounter(command: CommandOf<'DeleteCounter'>, state: QueueState): QueueEvent[] {
  const c = counterOf(state, command.counter_id);
  if (c.open) throw conflict('Close the counter before deleting it', 'counter_open');
  return [{ type: 'CounterDeleted', data: { ...idsOf(command), counter_id: c.id } }];
}

export function openCounter(command: CommandOf<'OpenCounter'>, state: QueueState): QueueEvent[] {
  const c = counterOf(state, command.counter_id);
  if (c.open) throw conflict('Cannot open counter', 'counter_already_open');
  // Within the queue here; across the business's queues the append's unique index refuses it.
  if (Object.values(state.counters).some((o) => o.open && o.held_by === command.member_id)) throw conflict('Cannot open counter', 'member_holds_counter');
  return [{ type: 'CounterOpened', data: { ...idsOf(command), counter_id: c.id, member_id: command.member_id } }];
}

export function closeCounter(command: CommandOf<'CloseCounter'>, state: QueueState): QueueEvent[] {
  const c = counterOf(state, command.counter_id);
  if (!c.open) return [];
  const ids = idsOf(command);
  const events: QueueEvent[] = [];
  // The customer at the counter is not lost: back to the head of the waiting list.
  if (c.serving)
    events.push({ type: 'TicketReturnedToWaiting', data: { ...ids, ticket_id: c.serving, to_rank: 1, counter_id: c.id, reason: 'counter_closed' } });
  events.push({ type: 'CounterClosed', data: { ...ids, counter_id: c.id, member_id: c.held_by } });
  return events;
}
