import { api } from './http';

/** A queue's address in the API (queues/api.ts builds every call on it). */
export const queuePath = (id: string) => `/business/queue/${encodeURIComponent(id)}`;

/** What the counter's screen reads first: the queue, its lists, its counters and the counter the user holds. */
export const firstReads = (id: string) => [
  queuePath(id),
  `${queuePath(id)}/waitinglist`,
  `${queuePath(id)}/inservice`,
  `${queuePath(id)}/onhold`,
  `${queuePath(id)}/counter`,
  '/business/counter/mine',
];

const started = new Map<string, Promise<unknown>>();
/** The answers already in, by address: the screen's first render can show them without waiting a turn. */
const settled = new Map<string, unknown>();

/**
 * Opening a waiting list's address with a session, main.tsx asks for the screen's data at once,
 * beside the back-office's code and texts, rather than once they are in and the screen mounts.
 * The answers wait here for the screen's first queries (`takeEarly`); later refetches call the
 * API as usual. A refusal reaches the screen's query like any other.
 */
export function startFirstReads(id: string): void {
  for (const path of firstReads(id)) {
    const answer = api(path);
    // Kept for the screen, which handles a refusal; not left unhandled if the screen never asks.
    answer.then(
      (value) => started.get(path) === answer && settled.set(path, value),
      () => undefined,
    );
    started.set(path, answer);
  }
}

/** The answer started early for this address, once: the next call for it is a new request. */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const answer = started.get(path);
  started.delete(path);
  settled.delete(path);
  return answer as Promise<T> | undefined;
}

/**
 * The answer started early for this address if it is already in, once (as `takeEarly`): the
 * screen's queries start with it as their data, so the first render shows the list instead of
 * waiting for a query's turn to resolve. A refusal, or an answer still on its way, is left to
 * the query (`takeEarly`).
 */
export function takeSettled<T>(path: string): { value: T } | undefined {
  if (!settled.has(path)) return undefined;
  const value = settled.get(path) as T;
  takeEarly(path);
  return { value };
}
