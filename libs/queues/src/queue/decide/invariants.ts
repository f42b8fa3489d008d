import type { QueueState } from '../state';

/** The invariants that hold after every step; the property test and the read-model check use them. */
export function queueInvariantErrors(state: QueueState): string[] {
  const errors: string[] = [];
  const waiting = new Set(state.waiting);
  if (waiting.size !== state.waiting.length) errors.push('a ticket is twice in the waiting list');
  for (const id of state.waiting) if (state.tickets.get(id)?.status !== 'waiting') errors.push(`ranked ticket ${id} is not waiting`);
  const serving = new Map<string, string>();
  for (const c of Object.values(state.counters)) {
    if (!c.serving) continue;
    if (!c.open) errors.push(`closed counter ${c.id} serves a ticket`);
    if (serving.has(c.serving)) errors.push(`ticket ${c.serving} at two counters`);
    serving.set(c.serving, c.id);
  }
  for (const t of state.tickets.values()) {
    if (t.status === 'waiting' && !waiting.has(t.id)) errors.push(`waiting ticket ${t.id} has no rank`);
    if (t.status === 'in_service' && serving.get(t.id) !== t.counter_id) errors.push(`ticket ${t.id} in service without its counter`);
    if (t.status !== 'in_service' && serving.has(t.id)) errors.push(`ticket ${t.id} at a counter but ${t.status}`);
  }
  const urgent = state.waiting.filter((id) => state.tickets.get(id)?.urgent).length;
  if (urgent !== state.urgent_waiting) errors.push(`urgent count ${state.urgent_waiting} but ${urgent} urgent tickets wait`);
  const holders = Object.values(state.counters)
    .filter((c) => c.open)
    .map((c) => c.held_by);
  if (new Set(holders).size !== holders.length) errors.push('a member holds two open counters');
  return errors;
}
