import { inOrder, moved, ruleBody, timeFrameError } from './model';

describe('moving a rule', () => {
  it('moves one place up or down', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('leaves the order alone past either end', () => {
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('the rules order', () => {
  it('follows the position, then the name', () => {
    expect(
      inOrder([
        { position: 2, name: 'a' },
        { position: 1, name: 'z' },
        { position: 1, name: 'b' },
      ]).map((r) => r.name),
    ).toEqual(['b', 'z', 'a']);
  });
});

describe('the time frame', () => {
  it('needs nothing when forever', () => {
    expect(timeFrameError({ time_frame: 'forever' })).toBeNull();
  });
  it('needs both dates in order when custom', () => {
    expect(timeFrameError({ time_frame: 'custom', starts_on: '2026-01-01' })).toBe('required');
    expect(timeFrameError({ time_frame: 'custom', starts_on: '2026-02-01', ends_on: '2026-01-01' })).toBe('end_before_start');
    expect(timeFrameError({ time_frame: 'custom', starts_on: '2026-01-01', ends_on: '2026-01-01' })).toBeNull();
  });
  it('sends the dates only with a custom frame', () => {
    expect(ruleBody({ time_frame: 'forever', starts_on: '2026-01-01', ends_on: '2026-01-02' })).toEqual({
      time_frame: 'forever',
      starts_on: null,
      ends_on: null,
    });
    expect(ruleBody({ time_frame: 'custom', starts_on: '2026-01-01', ends_on: '2026-01-02' })).toEqual({
      time_frame: 'custom',
      starts_on: '2026-01-01',
      ends_on: '2026-01-02',
    });
  });
});
