import { pastHorizon, retryDelayMs } from './schedule';

describe('webhook retries', () => {
  it('waits 30 s, then twice as long each time, at most 4 hours', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => retryDelayMs(n) / 60_000);
    expect(minutes).toEqual([0.5, 1, 2, 4, 8, 16, 32, 64, 128, 240, 240]);
  });

  it('reaches the 3-day horizon after about 25 attempts', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 3 * 86_400_000) elapsed += retryDelayMs(++attempts);
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(30);
  });

  it('is past the horizon 3 days after the first failure, not before', () => {
    const since = new Date('2026-11-20T10:00:00Z');
    expect(pastHorizon(since, new Date('2026-11-23T09:59:59Z'))).toBe(false);
    expect(pastHorizon(since, new Date('2026-11-23T10:00:00Z'))).toBe(true);
  });
});
