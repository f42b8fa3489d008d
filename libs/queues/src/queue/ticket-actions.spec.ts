import { TICKET_ACTIONS, ticketActions, type TicketAction } from '@tabour/contracts';
import type { QueueCommand } from './commands';
import { queueDecider } from './index';
import type { QueueState } from './state';
import { AT, base, callNext, DAY, M2, OTHER, push, run, setup } from './test-support';

/** The command each action of the desk's menu sends for ticket `id` (`other` waits beside it). */
function commandOf(action: TicketAction, state: QueueState, id: string, other: string): QueueCommand {
  const t = { ...base, ticket_id: id };
  switch (action) {
    case 'urgent':
      return { ...t, type: 'SetUrgent', urgent: !state.tickets.get(id)!.urgent };
    case 'note':
      return { ...t, type: 'AddNote', note_type_id: null, text: 'Needs a wheelchair', by: null, at: AT, day: DAY };
    case 'member':
      return { ...t, type: 'ChangeMember', member_id: M2 };
    case 'duration':
      return { ...t, type: 'ChangeServiceTime', service_seconds: 86_400, at: AT, day: DAY };
    case 'hold':
      return { ...t, type: 'HoldTicket' };
    case 'recall':
      return { ...t, type: 'RecallTicket' };
    case 'push_back':
      return { ...t, type: 'PushBack' };
    case 'swap':
      return { ...base, type: 'SwapTickets', ticket_1: id, ticket_2: other };
    case 'redirect':
      return { ...t, type: 'RedirectOut', to_queue_id: OTHER, at: AT, day: DAY };
    case 'no_show':
      return { ...t, type: 'MarkNoShow', at: AT, day: DAY };
    case 'absent':
      return { ...t, type: 'MarkAbsent', at: AT, day: DAY };
    case 'end':
      return { ...t, type: 'EndTicket', at: AT, day: DAY };
    case 'revoke':
      return { ...t, type: 'RevokeTicket', by: 'staff', at: AT, day: DAY };
  }
}

/** Whether the queue acts on the command: it neither refuses it nor finds nothing to do. */
function accepts(command: QueueCommand, state: QueueState): boolean {
  try {
    return queueDecider.decide(command, state).length > 0;
  } catch {
    return false;
  }
}

const states = {
  waiting: { commands: [...setup, push('t1'), push('t2')], id: 't1', other: 't2' },
  in_service: { commands: [...setup, push('t1'), push('t2'), callNext()], id: 't1', other: 't2' },
  on_hold: { commands: [...setup, push('t1'), push('t2'), { ...base, type: 'HoldTicket', ticket_id: 't1' } as QueueCommand], id: 't1', other: 't2' },
};

/**
 * Where the desk's menu (the contract's `ticketActions`) offers less than the queue accepts:
 * urgency means a place in the waiting list, so the menu does not offer it at a counter.
 */
const MENU_ONLY_NARROWER: [keyof typeof states, TicketAction][] = [['in_service', 'urgent']];

describe("the desk's ticket actions and the queue's decisions", () => {
  it.each(Object.keys(states) as (keyof typeof states)[])('agree on a ticket %s', (status) => {
    const { commands, id, other } = states[status];
    const { state } = run(commands);
    expect(state.tickets.get(id)!.status).toBe(status);
    const offered = ticketActions(state.tickets.get(id)!, {
      onHoldEnabled: state.settings!.on_hold_enabled,
      othersWaiting: state.waiting.some((w) => w !== id),
    });
    const accepted = TICKET_ACTIONS.filter((a) => accepts(commandOf(a, state, id, other), state));
    const narrower = MENU_ONLY_NARROWER.filter(([s]) => s === status).map(([, a]) => a);
    expect([...offered].sort()).toEqual(accepted.filter((a) => !narrower.includes(a)).sort());
    for (const a of narrower) expect(accepted).toContain(a);
  });
});
