/**
 * Half-open intervals [start, end) of epoch milliseconds, sorted once so that "how many overlap
 * [a, b)" is two binary searches: every interval starting before b, less those ending at or
 * before a (which necessarily started before b too).
 */
export class Intervals {
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;

  constructor(items: ReadonlyArray<{ start: number; end: number }>) {
    const n = items.length;
    this.starts = new Float64Array(n);
    this.ends = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      this.starts[i] = items[i].start;
      this.ends[i] = items[i].end;
    }
    this.starts.sort();
    this.ends.sort();
  }

  get size(): number {
    return this.starts.length;
  }

  /** How many intervals overlap [a, b). */
  overlapping(a: number, b: number): number {
    if (this.starts.length === 0) return 0;
    return below(this.starts, b) - atOrBelow(this.ends, a);
  }

  /** How many intervals start in [a, b). */
  startingIn(a: number, b: number): number {
    return below(this.starts, b) - below(this.starts, a);
  }
}

/** Count of values < x in a sorted array. */
function below(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Count of values <= x in a sorted array. */
function atOrBelow(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const EMPTY = new Intervals([]);
