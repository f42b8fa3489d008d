import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { mayOpen } from '../auth/access';
import { readSession, subjectOf } from '../auth/session';
import { isQueueRefusal } from '@tabour/contracts';
import type { HttpError } from '../data/http';
import { getBusinessInfo, getQueue } from '../data/queues';
import { dayIn } from './model';

/** Whether the signed-in user may open a screen: the buttons to it show only then. */
export function useMayOpen(): (path: string) => boolean {
  const subject = subjectOf(readSession());
  return useCallback((path: string) => mayOpen(path, subject), [subject?.role, subject?.package]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** A success toast: a catalogue key, or a key and its values. */
type Done = string | [string, Record<string, unknown>?];

/**
 * Runs one call of a queue screen and tells its outcome (docs/product.md#messages-and-toasts): a success toast with `done`,
 * or a "Sorry!" toast naming what failed ("Cannot call next customer") and the server's reason.
 */
export function useQueueCall() {
  const notify = useNotify();
  const translate = useTranslate();
  const fail = useCallback(
    (action: string, e: unknown) => {
      const code = (e as HttpError | null)?.body?.code;
      const message = e instanceof Error ? e.message : String(e);
      // The queue's refusals (the contract's QUEUE_REFUSALS) are worded in the user's language by their code (`queues.reasons.<code>`); others keep the server's words.
      const reason = isQueueRefusal(code) ? translate(`queues.reasons.${code}`) : translate(message, { _: message });
      notify('queues.error_detail', { type: 'error', messageArgs: { action: translate(`queues.errors.${action}`), reason } });
    },
    [notify, translate],
  );
  const run = useCallback(
    async <T,>(action: string, call: () => Promise<T>, done?: Done | ((result: T) => Done)): Promise<T | undefined> => {
      try {
        const result = await call();
        if (done) {
          const d = typeof done === 'function' ? done(result) : done;
          const [key, args] = Array.isArray(d) ? d : [d, undefined];
          notify(key, { type: 'success', messageArgs: args });
        }
        return result;
      } catch (e) {
        fail(action, e);
        return undefined;
      }
    },
    [notify, fail],
  );
  return { run, fail };
}

// The reference lists' hooks are the data layer's; the queue screens take them from here too.
export { nameMap, useNames, useNoteTypes, useQueues, useServices, useTeam, type Named } from '../data/lookups';

export function useQueue(id: string | undefined) {
  return useQuery({ queryKey: ['queue-live', id, 'queue'], queryFn: () => getQueue(id!), enabled: !!id });
}

/** Today in the business's time zone (its information is open to every role). */
export function useBusinessDay(): string {
  const info = useQuery({ queryKey: ['business', 'info'], queryFn: getBusinessInfo, staleTime: 60_000 });
  return dayIn(info.data?.time_zone);
}
