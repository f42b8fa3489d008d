import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { mayOpen } from '../auth/access';
import { readSession, subjectOf } from '../auth/session';
import type { TabourDataProvider } from '../data/dataProvider';
import type { HttpError } from '../data/http';
import { readList } from '../data/resources';
import { dayIn, type Queue } from './model';

export const queuePath = (id: string) => `/business/queue/${encodeURIComponent(id)}`;

/** Whether the signed-in user may open a screen: the buttons to it show only then. */
export function useMayOpen(): (path: string) => boolean {
  const subject = subjectOf(readSession());
  return useCallback((path: string) => mayOpen(path, subject), [subject?.role, subject?.package]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Codes of the queue's refusals that the catalogue words (`queues.reasons.<code>`). */
export const QUEUE_REASONS = [
  'counter_already_open', 'member_holds_counter', 'counter_open', 'queue_not_empty', 'queue_paused', 'already_waiting', 'stale_rank', 'numbers_exhausted', 'ticket_live', 'queue_busy',
] as const;

/** A success toast: a catalogue key, or a key and its values. */
type Done = string | [string, Record<string, unknown>?];

/**
 * Runs one call of a queue screen and tells its outcome (SPEC §8): a success toast with `done`,
 * or a "Sorry!" toast naming what failed ("Cannot call next customer") and the server's reason.
 */
export function useQueueCall() {
  const notify = useNotify();
  const translate = useTranslate();
  const fail = useCallback(
    (action: string, e: unknown) => {
      const code = (e as HttpError | null)?.body?.code;
      const message = e instanceof Error ? e.message : String(e);
      // The queue's refusals are worded in the user's language by their code; others keep the server's words.
      const reason = code && (QUEUE_REASONS as readonly string[]).includes(code) ? translate(`queues.reasons.${code}`) : translate(message, { _: message });
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

export function useApi() {
  return useDataProvider<TabourDataProvider>();
}

/** A reference list the queue screens show names from (services, team, note types, queues). */
export function useNames<T extends { id: string }>(key: string, path: string, enabled = true) {
  const dataProvider = useApi();
  return useQuery({
    queryKey: ['queues-ref', key],
    queryFn: async () => readList<T>(await dataProvider.call(`${path}?pagination=off`)).data,
    enabled,
    staleTime: 30_000,
  });
}

export interface Named {
  id: string;
  name: string;
}

export const useServices = () => useNames<Named & { parent_id?: string | null }>('services', '/business/service');
export const useTeam = () => useNames<Named & { first_name?: string; last_name?: string }>('team', '/business/team');
export const useNoteTypes = () => useNames<Named & { color: string | null }>('note-types', '/business/note-type');
export const useQueues = () => useNames<Queue>('queues', '/business/queue');

export function nameMap<T extends { id: string; name?: string }>(rows: T[] | undefined): Record<string, string> {
  return Object.fromEntries((rows ?? []).map((r) => [r.id, r.name ?? '']));
}

export function useQueue(id: string | undefined) {
  const dataProvider = useApi();
  return useQuery({ queryKey: ['queue-live', id, 'queue'], queryFn: () => dataProvider.call<Queue>(queuePath(id!)), enabled: !!id });
}

/** Today in the business's time zone (its information is open to every role). */
export function useBusinessDay(): string {
  const dataProvider = useApi();
  const info = useQuery({ queryKey: ['business', 'info'], queryFn: () => dataProvider.call<{ time_zone?: string }>('/business/info'), staleTime: 60_000 });
  return dayIn(info.data?.time_zone);
}
