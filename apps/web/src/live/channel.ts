/** The broadcast channel's address and notices: pure, tested without a socket. */

export interface ChangeNotice {
  view: string;
  key: string;
  position: number;
  type?: string;
}

/** The channel listens on its own port of the host that served the page. */
export function channelUrl(location: { protocol: string; hostname: string }, port: number): string {
  const host = location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  return `${location.protocol}//${host}:${port}`;
}

/** The stream a room's notices carry as their key: the queue `abc` changes as `queue-abc`. */
export const streamOf = (kind: string, id: string) => `${kind}-${id}`;

/** A notice concerns a record when its key names the record's stream. */
export function noticeConcerns(notice: unknown, stream: string): boolean {
  return !!notice && typeof notice === 'object' && (notice as { key?: unknown }).key === stream;
}

/**
 * Many notices in a burst give one call, `wait` ms after the last: a command that appends
 * several events, or several agents acting at once, cost one refetch.
 */
export function debounce(fn: () => void, wait: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, wait);
  };
  run.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return run;
}
