/**
 * Half-open intervals [start, end) of epoch milliseconds, sorted once so that "how many overlap
 * [a, b)" is two binary searches: every interval starting before b, less those ending at or
 * before a (which necessarily started before b too).
 */
/** Intervals gathered as two parallel lists (no object per interval). */
export interface Spans {
  starts: number[];
  ends: number[];
}

export class Intervals {
  readonly starts: Float64Array;
  readonly ends: Float64Array;

  constructor(items: ReadonlyArray<{ start: number; end: number }> | Spans) {
    if ('starts' in items) {
      this.starts = new Float64Array(items.starts);
      this.ends = new Float64Array(items.ends);
    } else {
      const n = items.length;
      this.starts = new Float64Array(n);
      this.ends = new Float64Array(n);
      for (let i = 0; i < n; i += 1) {
        this.starts[i] = items[i].start;
        this.ends[i] = items[i].end;
      }
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

/**
 * `Intervals.overlapping` for a run of questions whose ends never move back (the slots of one
 * date, in order): two positions that only move forward, so each question costs a step or two
 * instead of two binary searches. A question that does move back starts over from a search.
 */
export class Sweep {
  private a = Infinity;
  private b = Infinity;
  private started = 0;
  private ended = 0;

  constructor(private readonly set: Intervals) {}

  overlapping(a: number, b: number): number {
    const { starts, ends } = this.set;
    if (a < this.a || b < this.b) {
      this.started = below(starts, b);
      this.ended = atOrBelow(ends, a);
    } else {
      while (this.started < starts.length && starts[this.started] < b) this.started += 1;
      while (this.ended < ends.length && ends[this.ended] <= a) this.ended += 1;
    }
    this.a = a;
    this.b = b;
    return this.started - this.ended;
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
