/**
 * Which actions a live ticket offers in its state (docs/product.md#ticket-actions): the desk's menu shows these, and
 * the queue's decisions refuse the same ones, so a button never leads to a refusal it could
 * have known.
 */
import type { ArchiveStatus, TicketStatus } from './lists';

export const TICKET_ACTIONS = [
  'urgent',
  'note',
  'member',
  'duration',
  'hold',
  'recall',
  'push_back',
  'swap',
  'redirect',
  'no_show',
  'absent',
  'end',
  'revoke',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/** Actions that take the ticket off the live list: each one asks first. */
export const FINAL_ACTIONS: readonly TicketAction[] = ['revoke', 'no_show', 'absent', 'end', 'redirect'];

/** What else decides an action besides the ticket's state. */
export interface TicketActionContext {
  /** The queue's on-hold setting. */
  onHoldEnabled: boolean;
  /** Whether another ticket waits, to swap with. */
  othersWaiting: boolean;
}

/** The actions in the order the menu lists them; none for a ticket that has left the live list. */
export function ticketActions(t: { status: TicketStatus | ArchiveStatus | string }, ctx: TicketActionContext): TicketAction[] {
  const hold: TicketAction[] = ctx.onHoldEnabled ? ['hold'] : [];
  switch (t.status) {
    case 'waiting':
      return ['urgent', 'note', 'member', ...hold, 'push_back', ...(ctx.othersWaiting ? (['swap'] as const) : []), 'redirect', 'no_show', 'absent', 'revoke'];
    case 'in_service':
      return ['end', 'note', 'duration', ...hold, 'push_back', 'redirect', 'no_show', 'absent', 'revoke'];
    case 'on_hold':
      return ['recall', 'urgent', 'note', 'member', 'redirect', 'no_show', 'absent', 'revoke'];
    default:
      return [];
  }
}

/** Whether one action is allowed: the check a decision makes before it acts. */
export function ticketActionAllowed(action: TicketAction, t: { status: TicketStatus | ArchiveStatus | string }, ctx: TicketActionContext): boolean {
  return ticketActions(t, ctx).includes(action);
}
