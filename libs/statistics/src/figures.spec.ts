import { bucketOf, bucketsBetween, bucketStart, durationFigures, localTime, quantileOf } from './figures';

describe('statistics figures', () => {
  it('puts an instant in its local day and hour, across the spring change in Paris (no 02:00 that day)', () => {
    expect(localTime('2026-03-29T00:59:00Z', 'Europe/Paris')).toMatchObject({ day: '2026-03-29', hour: 1 });
    expect(localTime('2026-03-29T01:00:00Z', 'Europe/Paris')).toMatchObject({ day: '2026-03-29', hour: 3 });
    expect(localTime('2026-03-28T23:30:00Z', 'Europe/Paris')).toMatchObject({ day: '2026-03-29', hour: 0 });
    expect(localTime('2026-03-28T22:30:00Z', 'Europe/Paris')).toMatchObject({ day: '2026-03-28', hour: 23 });
    expect(localTime(new Date('2026-03-29T10:00:00Z'), 'Europe/Paris')).toMatchObject({ week: '2026-03-23', weekday: 7 });
  });

  it('cuts durations into 30 s buckets up to two hours', () => {
    expect([bucketOf(0), bucketOf(29), bucketOf(30), bucketOf(7199), bucketOf(7200), bucketOf(99999)]).toEqual([0, 0, 1, 239, 240, 240]);
  });

  it('reads median and p90 from the buckets and the mean from the sums', () => {
    // waits 10, 40, 70, 100, 400 s → buckets 0, 1, 2, 3, 13
    const h = new Map([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [13, 1],
    ]);
    expect(quantileOf(h, 0.5)).toBe(75); // third of five: bucket 2, 60–90 s
    expect(quantileOf(h, 0.9)).toBe(405); // fifth: bucket 13, 390–420 s
    expect(durationFigures(5, 620, h)).toEqual({ count: 5, total_seconds: 620, mean_seconds: 124, median_seconds: 75, p90_seconds: 405 });
    expect(durationFigures(0, 0, new Map())).toEqual({ count: 0, total_seconds: 0, mean_seconds: null, median_seconds: null, p90_seconds: null });
  });

  it('names period buckets by their first day and lists every one in a range', () => {
    expect(bucketStart('2026-03-29', 'weekly')).toBe('2026-03-23');
    expect(bucketStart('2026-03-29', 'monthly')).toBe('2026-03-01');
    expect(bucketStart('2026-03-29', 'yearly')).toBe('2026-01-01');
    expect(bucketsBetween('2026-01-30', '2026-03-02', 'monthly')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(bucketsBetween('2026-03-28', '2026-03-30', 'daily')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });
});
