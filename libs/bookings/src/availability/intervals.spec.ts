import fc from 'fast-check';
import { Intervals } from './intervals';

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
});
