import fc from 'fast-check';
import { Intervals, Sweep } from './intervals';

const spanArb = fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 50 })).map(([start, length]) => ({ start, end: start + length }));

describe('Intervals', () => {
  it('counts the intervals overlapping [a, b) and those starting in it as a scan does', () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 40 }), spanArb, (items, q) => {
        const set = new Intervals(items);
        expect(set.overlapping(q.start, q.end)).toBe(items.filter((i) => i.start < q.end && q.start < i.end).length);
        expect(set.startingIn(q.start, q.end)).toBe(items.filter((i) => q.start <= i.start && i.start < q.end).length);
      }),
    );
  });

  it('an interval ending where the question starts does not overlap it', () => {
    expect(new Intervals([{ start: 0, end: 10 }]).overlapping(10, 20)).toBe(0);
    expect(new Intervals([{ start: 0, end: 10 }]).overlapping(9, 20)).toBe(1);
  });

  it('a sweep counts as overlapping does, whether the questions move forward or back', () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 40 }), fc.array(spanArb, { maxLength: 30 }), fc.boolean(), (items, questions, sorted) => {
        const set = new Intervals(items);
        const sweep = new Sweep(set);
        const asked = sorted ? [...questions].sort((x, y) => x.start - y.start || x.end - y.end) : questions;
        for (const q of asked) expect(sweep.overlapping(q.start, q.end)).toBe(set.overlapping(q.start, q.end));
      }),
    );
  });

  it('reads intervals given as two lists as it reads them one by one', () => {
    const items = [
      { start: 5, end: 9 },
      { start: 1, end: 20 },
      { start: 7, end: 8 },
    ];
    const lists = new Intervals({ starts: items.map((i) => i.start), ends: items.map((i) => i.end) });
    for (const [a, b] of [
      [0, 1],
      [0, 6],
      [8, 9],
      [19, 30],
    ]) {
      expect(lists.overlapping(a, b)).toBe(new Intervals(items).overlapping(a, b));
    }
  });
});
