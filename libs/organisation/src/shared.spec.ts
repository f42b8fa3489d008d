import fc from 'fast-check';
import { checkWorkingDays, dayRangeInZone, FieldErrors, isOpenAt, localDay, WEEKDAYS, WorkingDays } from './shared';

const week = (open: Record<string, [string, string][]>): WorkingDays =>
  WEEKDAYS.map((day) => ({ day, open: !!open[day], ranges: (open[day] ?? []).map(([from, to]) => ({ from, to })) }));

describe('working days', () => {
  it('accepts a week with split days and returns it in week order', () => {
    const errors: FieldErrors = {};
    const days = week({
      monday: [
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ],
      saturday: [['08:00', '12:00']],
    }).reverse();
    const out = checkWorkingDays(days, errors);
    expect(errors).toEqual({});
    expect(out.map((d) => d.day)).toEqual([...WEEKDAYS]);
    expect(out[0].ranges).toEqual([
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
  });

  it.each([
    ['an end before the start', { monday: [['17:00', '08:00']] }, 'working_days.0.ranges.0'],
    [
      'overlapping ranges',
      {
        monday: [
          ['08:00', '12:00'],
          ['11:00', '13:00'],
        ],
      },
      'working_days.0.ranges.1',
    ],
    ['a time that is not HH:mm', { tuesday: [['8h', '12:00']] }, 'working_days.1.ranges.0'],
  ] as const)('refuses %s', (_, open, field) => {
    const errors: FieldErrors = {};
    checkWorkingDays(week(open as unknown as Record<string, [string, string][]>), errors);
    expect(Object.keys(errors)).toContain(field);
  });

  it('refuses an open day without hours and a week without seven days', () => {
    const errors: FieldErrors = {};
    const days = week({});
    days[2].open = true;
    checkWorkingDays(days, errors);
    expect(errors['working_days.2.ranges']).toBeDefined();
    const short: FieldErrors = {};
    checkWorkingDays(days.slice(0, 6), short);
    expect(short.working_days).toEqual(['Give each of the seven days of the week']);
  });

  it('reads opening hours in the business zone, not in UTC', () => {
    const days = week({ monday: [['08:00', '17:00']] });
    // 07:30 UTC on Monday 2026-03-30 is 08:30 in Tunis (UTC+1): open there, closed in UTC.
    const instant = new Date('2026-03-30T07:30:00Z');
    expect(isOpenAt(days, instant, 'Africa/Tunis')).toBe(true);
    expect(isOpenAt(days, instant, 'UTC')).toBe(false);
  });
});

describe('days in the business time zone', () => {
  it('turns whole days into local midnights, across a daylight-saving change', () => {
    // Paris moves to summer time on 2026-03-29: that local day lasts 23 hours.
    const r = dayRangeInZone('2026-03-29', '2026-03-29', 'Europe/Paris')!;
    expect(r.starts_at).toBe('2026-03-28T23:00:00.000Z');
    expect(r.ends_at).toBe('2026-03-29T22:00:00.000Z');
    expect(Date.parse(r.ends_at) - Date.parse(r.starts_at)).toBe(23 * 3600 * 1000);
  });

  it('gives the local day of an instant', () => {
    expect(localDay(new Date('2026-06-30T23:30:00Z'), 'Africa/Tunis')).toBe('2026-07-01');
    expect(localDay(new Date('2026-06-30T23:30:00Z'), 'UTC')).toBe('2026-06-30');
  });

  it('refuses an impossible date', () => {
    expect(dayRangeInZone('2026-02-30', '2026-03-01', 'UTC')).toBeNull();
  });
});

describe('working days, for any hours', () => {
  const hhmm = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const ranges = fc.array(fc.tuple(hhmm, hhmm), { maxLength: 4 });

  it('accepts a day only when its ranges are in order, each ending after it starts, and none overlaps', () => {
    fc.assert(
      fc.property(ranges, (rs) => {
        const errors: FieldErrors = {};
        const days = week({ wednesday: rs });
        if (rs.length === 0) days[2].open = false;
        checkWorkingDays(days, errors);
        const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
        const valid = rs.every(([f, t], i) => toMin(t) > toMin(f) && (i === 0 || toMin(f) >= toMin(rs[i - 1][1])));
        return valid === (Object.keys(errors).length === 0);
      }),
    );
  });
});
