import { countdown } from './countdown';

describe('countdown', () => {
  const now = new Date('2026-11-24T10:00:00Z');

  it('splits what is left into whole days and hours', () => {
    expect(countdown('2026-12-08T10:00:00Z', now)).toEqual({ days: 14, hours: 0 });
    expect(countdown('2026-11-25T15:59:00Z', now)).toEqual({ days: 1, hours: 5 });
  });

  it('stops at zero once the end has passed, and has nothing to count without an end', () => {
    expect(countdown('2026-11-20T10:00:00Z', now)).toEqual({ days: 0, hours: 0 });
    expect(countdown(null, now)).toBeNull();
    expect(countdown('not a date', now)).toBeNull();
  });
});
