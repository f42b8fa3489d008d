import { useState } from 'react';
import { callNext, closeCounter, openCounter, ticketAction } from '../../data/queues';
import { useQueueCall } from '../hooks';
import type { Ticket, TicketAction } from '../model';
import type { HeldCounter } from './data';
import { rememberCounter } from './lastCounter';
import { useShortcuts } from './useShortcuts';

export interface DeskState {
  queueId: string;
  mine: HeldCounter | null | undefined;
  serving: Ticket | undefined;
  onHold: Ticket[];
  refresh: () => void;
}

/**
 * What the agent's desk does, one call at a time (busy meanwhile, the screen refreshed after):
 * call next and a ticket's actions at the counter held here, with their keys N, E, H and R,
 * and opening or closing a counter.
 */
export function useDesk({ queueId, mine, serving, onHold, refresh }: DeskState) {
  const { run } = useQueueCall();
  const [busy, setBusy] = useState(false);
  const busyRun = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const here = mine && mine.queue_id === queueId ? mine : null;
  const call = () =>
    here &&
    busyRun(() =>
      run(
        'call',
        () => callNext(queueId, here.id),
        // Calling next ends the ticket at the counter: the message says so.
        (r) =>
          r.ticket
            ? serving
              ? ['queues.done.call_after_end', { ended: serving.label, label: r.ticket.label }]
              : ['queues.done.call', { label: r.ticket.label }]
            : 'queues.done.call_ended',
      ),
    );
  const act = (action: TicketAction, t: Ticket | undefined) =>
    t && busyRun(() => run(action, () => ticketAction(action, queueId, t.id), [`queues.done.${action}`, { label: t.label }]));
  // While a call is under way a second key press waits, as the disabled buttons do.
  useShortcuts(
    here && !busy
      ? {
          n: () => void call(),
          e: () => void act('end', serving),
          h: () => void act('hold', serving),
          r: () => void act('recall', onHold.find((t) => t.counter_id === here.id) ?? onHold[0]),
        }
      : {},
  );
  const close = () => here && busyRun(() => run('close_counter', () => closeCounter(queueId, here.id), 'queues.desk.closed'));
  const open = (pick: string) =>
    busyRun(async () => {
      const done = await run('open_counter', () => openCounter(queueId, pick), 'queues.desk.opened');
      if (done !== undefined) rememberCounter(queueId, pick);
    });
  return { here, busy, call, act, close, open };
}

export type Desk = ReturnType<typeof useDesk>;
