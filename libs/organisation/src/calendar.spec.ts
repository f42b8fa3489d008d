import { dayBounds, dayEnd, dayHours, dayStart, openingHoursOn, todayIn } from './calendar';
import { localDay, WEEKDAYS, type WorkingDays } from './shared';

const week = (open: Record<string, [string, string][]>): WorkingDays =>
  WEEKDAYS.map((day) => ({ day, open: !!open[day], ranges: (open[day] ?? []).map(([from, to]) => ({ from, to })) }));
const iso = (d: Date) => d.toISOString();

describe('the business calendar', () => {
  it("answers today as the business's local date, ahead of or behind UTC", () => {
    const now = new Date('2026-06-30T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-06-30');
    expect(todayIn('Africa/Tunis', now)).toBe('2026-07-01');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-06-30T10:00:00Z'))).toBe('2026-07-01');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-07-01T10:00:00Z'))).toBe('2026-06-30');
  });

  it('gives an ordinary day 24 hours from local midnight to local midnight', () => {
    expect(dayBounds('2026-06-15', 'Europe/Paris')).toEqual({ start: new Date('2026-06-14T22:00:00Z'), end: new Date('2026-06-15T22:00:00Z') });
    expect(dayHours('2026-06-15', 'Europe/Paris')).toBe(24);
  });

  it('gives the spring-forward day in Paris 23 hours', () => {
    expect(iso(dayStart('2026-03-29', 'Europe/Paris'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(dayEnd('2026-03-29', 'Europe/Paris'))).toBe('2026-03-29T22:00:00.000Z');
    expect(dayHours('2026-03-29', 'Europe/Paris')).toBe(23);
    // The next day starts where this one ends.
    expect(dayStart('2026-03-30', 'Europe/Paris')).toEqual(dayEnd('2026-03-29', 'Europe/Paris'));
  });

  it('gives the fall-back day in New York 25 hours', () => {
    expect(iso(dayStart('2026-11-01', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(dayEnd('2026-11-01', 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    expect(dayHours('2026-11-01', 'America/New_York')).toBe(25);
  });

  it("puts every instant of a day's bounds on that local day, and the end on the next", () => {
    for (const [day, zone] of [
      ['2026-03-29', 'Europe/Paris'],
      ['2026-11-01', 'America/New_York'],
      ['2026-07-01', 'Pacific/Kiritimati'],
    ] as const) {
      const { start, end } = dayBounds(day, zone);
      expect(localDay(start, zone)).toBe(day);
      expect(localDay(new Date(end.getTime() - 1), zone)).toBe(day);
      expect(localDay(end, zone)).not.toBe(day);
    }
  });

  it('starts a day at its first instant where midnight itself is skipped', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06: the day begins at 01:00 local.
    expect(iso(dayStart('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(dayHours('2026-09-06', 'America/Santiago')).toBe(23);
  });

  it("answers a day's opening hours as instants in the zone, across a daylight-saving change", () => {
    const days = week({
      sunday: [['09:00', '12:00']],
      monday: [
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ],
    });
    expect(openingHoursOn(days, '2026-03-29', 'Europe/Paris')).toEqual([{ from: new Date('2026-03-29T07:00:00Z'), to: new Date('2026-03-29T10:00:00Z') }]);
    expect(openingHoursOn(days, '2026-03-22', 'Europe/Paris')).toEqual([{ from: new Date('2026-03-22T08:00:00Z'), to: new Date('2026-03-22T11:00:00Z') }]);
    expect(openingHoursOn(days, '2026-11-02', 'America/New_York')).toEqual([
      { from: new Date('2026-11-02T13:00:00Z'), to: new Date('2026-11-02T17:00:00Z') },
      { from: new Date('2026-11-02T18:00:00Z'), to: new Date('2026-11-02T22:00:00Z') },
    ]);
  });

  it('has no opening hours on a closed day or before a week is set', () => {
    const days = week({ monday: [['08:00', '12:00']] });
    expect(openingHoursOn(days, '2026-11-03', 'America/New_York')).toEqual([]);
    expect(openingHoursOn(null, '2026-11-02', 'America/New_York')).toEqual([]);
  });

  it('refuses what is not a day', () => {
    expect(() => dayStart('2026-02-30', 'Europe/Paris')).toThrow(RangeError);
    expect(() => dayBounds('tomorrow', 'UTC')).toThrow(RangeError);
  });
});
