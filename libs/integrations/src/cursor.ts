/**
 * Where a reader of the public feed stands. The store's log is read in (transaction id,
 * position) order below the horizon of running transactions (docs/eventstore.md), which is what
 * makes the cursor never skip an event that commits late; both numbers are in the cursor, so it
 * survives restarts and means the same on every API instance. `index` is the last public event
 * read of a stored event that gave several; without it the whole stored event is behind.
 */
export interface FeedCursor {
  transactionId: string;
  position: number;
  index?: number;
}

export const FEED_START: FeedCursor = { transactionId: '0', position: 0 };

export function encodeCursor(c: FeedCursor): string {
  return c.index === undefined ? `${c.transactionId}_${c.position}` : `${c.transactionId}_${c.position}_${c.index}`;
}

/** The cursor a string names, or null when it names none (`0` and the empty string are the start). */
export function decodeCursor(s: string | undefined | null): FeedCursor | null {
  if (s === undefined || s === null || s === '' || s === '0') return FEED_START;
  const m = /^(\d{1,20})_(\d{1,18})(?:_(\d{1,6}))?$/.exec(s);
  if (!m) return null;
  const position = Number(m[2]);
  if (!Number.isSafeInteger(position)) return null;
  return m[3] === undefined ? { transactionId: m[1], position } : { transactionId: m[1], position, index: Number(m[3]) };
}
