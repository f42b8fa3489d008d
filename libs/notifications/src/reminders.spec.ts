import { REMINDER_TYPES, type ReminderType } from '@tabour/contracts';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { REMINDER_DAYS, REMINDER_MIN_LEAD_MS, reminderDueTimes } from './reminders';

const PARIS = 'Europe/Paris';
const SANTIAGO = 'America/Santiago';
const LONG_AGO = '2020-01-01T00:00:00Z';

/** The reminders as a type → due instant (UTC) map, for short expectations. */
function due(startsAt: string, zone: string, now: string = LONG_AGO, types?: readonly ReminderType[]) {
  return Object.fromEntries(reminderDueTimes(startsAt, zone, now, types).map((r) => [r.type, r.due_at]));
}

const minutesOfDay = (d: DateTime) => d.hour * 60 + d.minute;
const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

describe('reminderDueTimes: the same wall time 1, 2 and 7 days before, in the business zone', () => {
  it('on ordinary days: 24 h, 48 h and 7 days of elapsed time, earliest first', () => {
    const start = '2026-06-10T09:00:00+02:00';
    expect(reminderDueTimes(start, PARIS, LONG_AGO)).toEqual([
      { type: 'BOOKING_REMINDER_7D', due_at: '2026-06-03T07:00:00.000Z' },
      { type: 'BOOKING_REMINDER_48H', due_at: '2026-06-08T07:00:00.000Z' },
      { type: 'BOOKING_REMINDER_24H', due_at: '2026-06-09T07:00:00.000Z' },
    ]);
  });

  it('Paris, spring forward (Sunday 29 March 2026): a 09:00 booking on the Sunday is reminded at 09:00 on the Saturday, 23 h before', () => {
    const start = '2026-03-29T09:00:00+02:00';
    expect(due(start, PARIS)).toEqual({
      BOOKING_REMINDER_24H: '2026-03-28T08:00:00.000Z',
      BOOKING_REMINDER_48H: '2026-03-27T08:00:00.000Z',
      BOOKING_REMINDER_7D: '2026-03-22T08:00:00.000Z',
    });
    expect(hoursBetween(due(start, PARIS).BOOKING_REMINDER_24H, start)).toBe(23);
  });

  it('Paris, fall back (Sunday 25 October 2026): 09:00 the day before, 25 h before', () => {
    const start = '2026-10-25T09:00:00+01:00';
    expect(due(start, PARIS).BOOKING_REMINDER_24H).toBe('2026-10-24T07:00:00.000Z');
    expect(hoursBetween(due(start, PARIS).BOOKING_REMINDER_24H, start)).toBe(25);
    // A week before is summer time too: 09:00 there is 07:00 UTC.
    expect(due(start, PARIS).BOOKING_REMINDER_7D).toBe('2026-10-18T07:00:00.000Z');
  });

  it('Paris: a wall time the change skips (02:30 on 29 March) moves on by the gap, to 03:30', () => {
    const start = '2026-03-30T02:30:00+02:00';
    const r = due(start, PARIS).BOOKING_REMINDER_24H;
    expect(DateTime.fromISO(r, { zone: PARIS }).toFormat('yyyy-MM-dd HH:mm')).toBe('2026-03-29 03:30');
  });

  it('Paris: a wall time that occurs twice (02:30 on 25 October) is taken the first time, in summer time', () => {
    const start = '2026-10-26T02:30:00+01:00';
    expect(due(start, PARIS).BOOKING_REMINDER_24H).toBe('2026-10-25T00:30:00.000Z');
  });

  it('Santiago, clocks back at midnight (4 April 2026): a Sunday 10:00 booking is reminded at 10:00 on the Saturday, 25 h before', () => {
    const start = '2026-04-05T10:00:00-04:00';
    expect(due(start, SANTIAGO).BOOKING_REMINDER_24H).toBe('2026-04-04T13:00:00.000Z');
    expect(hoursBetween(due(start, SANTIAGO).BOOKING_REMINDER_24H, start)).toBe(25);
  });

  it('Santiago, clocks forward at midnight (6 September 2026): 23 h before, and 00:30, which that day lacks, becomes 01:30', () => {
    const start = '2026-09-06T10:00:00-03:00';
    expect(hoursBetween(due(start, SANTIAGO).BOOKING_REMINDER_24H, start)).toBe(23);
    const afterMidnight = due('2026-09-07T00:30:00-03:00', SANTIAGO);
    expect(DateTime.fromISO(afterMidnight.BOOKING_REMINDER_24H, { zone: SANTIAGO }).toFormat('yyyy-MM-dd HH:mm')).toBe('2026-09-06 01:30');
    expect(DateTime.fromISO(afterMidnight.BOOKING_REMINDER_7D, { zone: SANTIAGO }).toFormat('yyyy-MM-dd HH:mm')).toBe('2026-08-31 00:30');
  });

  it('leaves out the reminders already due: a booking made 30 hours ahead gets only the 24 h one, 20 hours ahead none', () => {
    const start = '2026-06-10T09:00:00+02:00';
    expect(Object.keys(due(start, PARIS, '2026-06-09T01:00:00Z'))).toEqual(['BOOKING_REMINDER_24H']);
    expect(due(start, PARIS, '2026-06-09T11:00:00Z')).toEqual({});
    expect(due(start, PARIS, '2026-06-09T07:00:00.000Z')).toEqual({});
  });

  it('only the types asked for (the business turns reminders on and off), each once', () => {
    const start = '2026-06-10T09:00:00+02:00';
    expect(Object.keys(due(start, PARIS, LONG_AGO, ['BOOKING_REMINDER_24H', 'BOOKING_REMINDER_24H']))).toEqual(['BOOKING_REMINDER_24H']);
    expect(due(start, PARIS, LONG_AGO, [])).toEqual({});
  });

  it('reads a start written with any offset as the same instant', () => {
    expect(due('2026-06-10T07:00:00Z', PARIS)).toEqual(due('2026-06-10T09:00:00+02:00', PARIS));
  });

  it('refuses an unknown zone and a start or a now that is not an instant', () => {
    expect(() => reminderDueTimes('2026-06-10T09:00:00Z', 'Mars/Olympus', LONG_AGO)).toThrow(RangeError);
    expect(() => reminderDueTimes('tomorrow', PARIS, LONG_AGO)).toThrow(RangeError);
    expect(() => reminderDueTimes('2026-06-10T09:00:00Z', PARIS, 'soon')).toThrow(RangeError);
  });
});

describe('reminderDueTimes: properties', () => {
  // Zones with changes at 02:00 (Paris, New York), at midnight (Santiago), of 30 minutes
  // (Lord Howe), in the southern hemisphere, and none at all (Tunis).
  const zone = fc.constantFrom(PARIS, SANTIAGO, 'America/New_York', 'Australia/Lord_Howe', 'Africa/Tunis');
  const anyMinute = fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') });
  // Starts whose reminder days are these zones' change days of 2026, where the rules bite.
  const CHANGES = ['2026-03-08', '2026-03-29', '2026-04-04', '2026-04-05', '2026-09-06', '2026-10-04', '2026-10-25', '2026-11-01'];
  const nearChange = fc
    .tuple(fc.constantFrom(...CHANGES), fc.constantFrom(1, 2, 7), fc.integer({ min: -24 * 60, max: 48 * 60 }))
    .map(([day, days, minutes]) => Date.parse(`${day}T00:00:00Z`) + (days * 24 * 60 + minutes) * 60_000);
  const start = fc.oneof(anyMinute, nearChange).map((ms) => ms - (ms % 60_000));
  const leadMs = fc.integer({ min: 0, max: 10 * 24 * 3_600_000 });
  const types = fc.subarray([...REMINDER_TYPES]);

  it('each reminder is due after now and at least an hour before the start, once per type, earliest first, on the right calendar day', () => {
    fc.assert(
      fc.property(zone, start, leadMs, types, (z, startMs, lead, asked) => {
        const startIso = new Date(startMs).toISOString();
        const nowMs = startMs - lead;
        const result = reminderDueTimes(startIso, z, new Date(nowMs), asked);
        const local = DateTime.fromMillis(startMs, { zone: z });
        expect(new Set(result.map((r) => r.type)).size).toBe(result.length);
        expect(result.map((r) => r.due_at)).toEqual([...result.map((r) => r.due_at)].sort());
        for (const r of result) {
          const dueMs = Date.parse(r.due_at);
          expect(asked).toContain(r.type);
          expect(dueMs).toBeGreaterThan(nowMs);
          expect(dueMs).toBeLessThanOrEqual(startMs - REMINDER_MIN_LEAD_MS);
          const dueLocal = DateTime.fromMillis(dueMs, { zone: z });
          expect(dueLocal.toISODate()).toBe(local.minus({ days: REMINDER_DAYS[r.type] }).toISODate());
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("the local wall time equals the start's wherever that time exists on the reminder's day", () => {
    fc.assert(
      fc.property(zone, start, (z, startMs) => {
        const local = DateTime.fromMillis(startMs, { zone: z });
        for (const r of reminderDueTimes(new Date(startMs).toISOString(), z, LONG_AGO)) {
          const day = local.minus({ days: REMINDER_DAYS[r.type] });
          const wanted = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: local.hour, minute: local.minute }, { zone: z });
          const exists = wanted.hour === local.hour && wanted.minute === local.minute;
          const dueLocal = DateTime.fromISO(r.due_at, { zone: z });
          if (exists) {
            expect(dueLocal.toFormat('HH:mm')).toBe(local.toFormat('HH:mm'));
          } else {
            // Skipped by a change: moved on by the gap (an hour, or Lord Howe's half hour), same day.
            const moved = minutesOfDay(dueLocal) - minutesOfDay(local);
            expect(moved).toBeGreaterThan(0);
            expect(moved).toBeLessThanOrEqual(60);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives all three when asked long enough before', () => {
    fc.assert(
      fc.property(zone, start, (z, startMs) => {
        const result = reminderDueTimes(new Date(startMs).toISOString(), z, new Date(startMs - 8 * 24 * 3_600_000));
        expect(result.map((r) => r.type)).toEqual([...REMINDER_TYPES]);
      }),
    );
  });
});
