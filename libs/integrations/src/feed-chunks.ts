/**
 * A chunk's text: a run of one business's rendered public events, in the feed's order, one line
 * each — `cursor \t type \t JSON` (migrations/20261129090000_integration_feed_chunks.ts).
 * JSON.stringify escapes every tab and newline inside strings, and cursors and type names hold
 * none, so the two separators cannot occur inside a field.
 */

/** An event's place in the feed, as the rows' key holds it: the transaction id and position in decimal. */
export interface FeedKey {
  tx: string;
  position: string;
  idx: number;
}

/** One event of a chunk, ready to send. */
export interface ChunkEvent {
  key: FeedKey;
  cursor: string;
  type: string;
  json: string;
}

/** Orders keys as the feed reads them; decimals without leading zeros compare by length, then digit by digit. */
export function compareKeys(a: FeedKey, b: FeedKey): number {
  if (a.tx !== b.tx) return a.tx.length - b.tx.length || (a.tx < b.tx ? -1 : 1);
  if (a.position !== b.position) return a.position.length - b.position.length || (a.position < b.position ? -1 : 1);
  return a.idx - b.idx;
}

/** The cursor naming one event of a stored event (as `encodeCursor` writes it with an index). */
export const keyCursor = (k: FeedKey): string => `${k.tx}_${k.position}_${k.idx}`;

export function chunkBody(events: readonly (FeedKey & { type: string; json: string })[]): string {
  return events.map((e) => `${keyCursor(e)}\t${e.type}\t${e.json}`).join('\n');
}

export function chunkEvents(body: string): ChunkEvent[] {
  return body.split('\n').map((line) => {
    const t1 = line.indexOf('\t');
    const t2 = line.indexOf('\t', t1 + 1);
    const cursor = line.slice(0, t1);
    const [tx, position, idx] = cursor.split('_');
    return { key: { tx, position, idx: Number(idx) }, cursor, type: line.slice(t1 + 1, t2), json: line.slice(t2 + 1) };
  });
}
