/**
 * Property tests across daylight-saving changes. For each zone, the dates its clocks change in
 * 2026 and 2027 are found with Luxon (not written down), and random businesses are asked for
 * the three dates around one of them. Local times are checked by the zone's offset, independently
 * of the engine's own wall-clock arithmetic.
 */
import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, type WorkingDay } from '@tabour/contracts';
import { availability, checkSlot } from './engine';
import type { AvailabilityHoliday, AvailabilityInput, AvailabilityMember, FreeSlot, HeldBooking } from './types';

const ZONES = ['Europe/Paris', 'America/Santiago', 'Africa/Casablanca', 'Asia/Tehran', 'Australia/Lord_Howe'];
const MINUTE = 60_000;

/** Local dates whose 00:00 has another offset than the next date's. */
function transitions(zone: string): string[] {
  const found: string[] = [];
  let d = DateTime.fromISO('2026-01-01', { zone });
  while (d.year < 2028) {
    const next = d.plus({ days: 1 }).startOf('day');
    if (next.offset !== d.offset) found.push(d.toISODate() as string);
    d = next;
  }
  return found;
}

const TRANSITIONS = new Map(ZONES.map((z) => [z, transitions(z)]));

/** Minutes as HH:mm, 24:00 for the end of the day. */
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** One or two ranges on a 15-minute grid, none crossing midnight. */
const rangesArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 2, maxLength: 4 })
  .map((cuts) => cuts.sort((a, b) => a - b))
  .map((cuts) => {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i + 1 < cuts.length; i += 2) pairs.push([cuts[i] * 15, cuts[i + 1] * 15]);
    return pairs;
  });

/** The hours the five zones change their clocks in: around midnight (Santiago) and from 01:00 to 04:00 (the others). */
const NIGHTS: WorkingDay[] = WEEKDAYS.map((day) => ({
  day,
  open: true,
  ranges: [
    { from: '00:00', to: '04:30' },
    { from: '22:00', to: '24:00' },
  ],
}));

const anyWeekArb = fc
  .array(rangesArb, { minLength: 7, maxLength: 7 })
  .map((days): WorkingDay[] =>
    WEEKDAYS.map((day, i) => ({ day, open: days[i].length > 0, ranges: days[i].map(([a, b]) => ({ from: hhmm(a), to: hhmm(b) })) })),
  );

/** Half the businesses open at night, so the changed hours themselves are always tried. */
const weekArb = fc.oneof(anyWeekArb, fc.constant(NIGHTS));

interface Case {
  input: AvailabilityInput;
}

const caseArb = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    pick: fc.nat(),
    business: weekArb,
    memberHours: fc.array(fc.option(anyWeekArb, { nil: null }), { maxLength: 3 }),
    slot: fc.constantFrom(10, 15, 20, 30, 45, 60),
    services: fc.array(fc.integer({ min: 5, max: 90 }), { maxLength: 3 }),
    capacity: fc.integer({ min: 1, max: 3 }),
    daily: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
    selected: fc.option(fc.nat(), { nil: null }),
    nowShift: fc.integer({ min: -2 * 1440, max: 2 * 1440 }),
    notice: fc.constantFrom(0, 0, 30, 90),
    holidays: fc.array(
      fc.record({ agency: fc.boolean(), member: fc.nat(), at: fc.integer({ min: 0, max: 3 * 1440 }), length: fc.integer({ min: 15, max: 600 }) }),
      { maxLength: 3 },
    ),
    bookings: fc.array(
      fc.record({
        own: fc.boolean(),
        member: fc.option(fc.nat(), { nil: null }),
        at: fc.integer({ min: 0, max: 3 * 96 }),
        length: fc.integer({ min: 1, max: 8 }),
      }),
      { maxLength: 6 },
    ),
  })
  .map((r): Case => {
    const dates = TRANSITIONS.get(r.zone) ?? [];
    // A zone whose clocks no longer change (Tehran since 2022) is still tried around the dates others change.
    const date = dates.length > 0 ? dates[r.pick % dates.length] : ['2026-03-21', '2026-09-21', '2027-03-22'][r.pick % 3];
    const first = DateTime.fromISO(date, { zone: r.zone }).minus({ days: 1 });
    const start = first.startOf('day').toMillis();
    const iso = (ms: number) => new Date(ms).toISOString();
    const members: AvailabilityMember[] = r.memberHours.map((w, i) => ({ id: `m${i}`, working_days: w }));
    const memberId = (n: number) => (members.length > 0 ? members[n % members.length].id : null);
    const holidays: AvailabilityHoliday[] = r.holidays
      .filter((h) => h.agency || members.length > 0)
      .map((h) => ({
        scope: h.agency ? 'agency' : 'members',
        member_ids: h.agency ? [] : [memberId(h.member) as string],
        starts_at: iso(start + h.at * MINUTE),
        ends_at: iso(start + (h.at + h.length) * MINUTE),
      }));
    const bookings: HeldBooking[] = r.bookings.map((b, i) => ({
      id: `old${i}`,
      department_id: b.own ? 'dep' : 'other',
      member_id: b.member === null ? null : memberId(b.member),
      starts_at: iso(start + b.at * 15 * MINUTE),
      ends_at: iso(start + (b.at + b.length) * 15 * MINUTE),
    }));
    const duration = r.services.length > 0 ? r.services.reduce((a, b) => a + b, 0) : r.slot;
    return {
      input: {
        time_zone: r.zone,
        now: iso(start + r.nowShift * MINUTE),
        from: first.toISODate() as string,
        to: first.plus({ days: 2 }).toISODate() as string,
        booking_days_limit: 5,
        min_notice_minutes: r.notice,
        working_days: r.business,
        department: { id: 'dep', slot_duration: r.slot, max_bookings_per_slot: r.capacity, max_daily_bookings: r.daily, must_select_member: false },
        members,
        holidays,
        bookings,
        duration_minutes: duration,
        selected_member_id: r.selected === null ? null : memberId(r.selected),
      },
    };
  });

/** Local date and wall minute of an instant, from the zone's offset alone. */
function local(zone: IANAZone, at: number): { date: string; minute: number } {
  const wall = new Date(at + zone.offset(at) * MINUTE).toISOString();
  return { date: wall.slice(0, 10), minute: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) };
}

/**
 * Every minute of [start, end) in local time, on `date`, inside one of the day's ranges. Range
 * ends, slot starts and clock changes fall on multiples of 5 minutes, so looking every 5 minutes
 * and at the last minute sees every minute a slot could stray into.
 */
function insideHours(zone: IANAZone, date: string, start: number, end: number, week: WorkingDay[]): boolean {
  const weekday = WEEKDAYS[DateTime.fromISO(date, { zone: 'utc' }).weekday - 1];
  const ranges = (week.find((d) => d.day === weekday)?.ranges ?? []).map((r) => [hm(r.from), hm(r.to)]);
  const looks: number[] = [];
  for (let at = start; at < end; at += 5 * MINUTE) looks.push(at);
  looks.push(end - MINUTE);
  return looks.every((at) => {
    const l = local(zone, at);
    return l.date === date && ranges.some(([a, b]) => a <= l.minute && l.minute < b);
  });
}
const hm = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
const span = (x: { starts_at: string; ends_at: string }) => ({ start: Date.parse(x.starts_at), end: Date.parse(x.ends_at) });

const RUNS = 60;

describe('availability across daylight-saving changes (fast-check)', () => {
  it('finds the clock changes of 2026 and 2027 with Luxon', () => {
    expect(TRANSITIONS.get('Europe/Paris')).toEqual(['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31']);
    for (const zone of ['America/Santiago', 'Africa/Casablanca', 'Australia/Lord_Howe']) expect(TRANSITIONS.get(zone)?.length).toBeGreaterThanOrEqual(4);
  });

  it('every slot lies in working hours (business and its members), outside holidays, after the notice, listed once', () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        const zone = IANAZone.create(input.time_zone);
        const result = availability(input);
        const earliest = Date.parse(input.now) + input.min_notice_minutes * MINUTE;
        const agency = input.holidays.filter((h) => h.scope === 'agency').map(span);
        for (const day of result.days) {
          expect(day.status === 'open').toBe(day.slots.length > 0);
          const starts = day.slots.map((s) => s.starts_at);
          expect(new Set(starts).size).toBe(starts.length);
          expect(new Set(day.slots.map((s) => s.time)).size).toBe(day.slots.length);
          for (const slot of day.slots) {
            const s = span(slot);
            expect(s.end - s.start).toBe(input.duration_minutes * MINUTE);
            expect(s.start).toBeGreaterThanOrEqual(earliest);
            expect(hhmm(local(zone, s.start).minute)).toBe(slot.time);
            expect(insideHours(zone, day.date, s.start, s.end, input.working_days)).toBe(true);
            expect(agency.some((h) => overlaps(h, s))).toBe(false);
            expect(slot.remaining).toBeGreaterThan(0);
            for (const id of slot.member_ids) {
              const m = input.members.find((x) => x.id === id) as AvailabilityMember;
              if (m.working_days) expect(insideHours(zone, day.date, s.start, s.end, m.working_days)).toBe(true);
              const away = input.holidays.filter((h) => h.scope === 'members' && h.member_ids.includes(id)).map(span);
              expect(away.some((h) => overlaps(h, s))).toBe(false);
            }
            if (input.members.length > 0) expect(slot.member_ids.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('every slot passes checkSlot with the same places and members', () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        for (const day of availability(input).days) {
          for (const slot of day.slots) {
            const check = checkSlot(input, slot.starts_at);
            expect(check).toMatchObject({ ok: true, starts_at: slot.starts_at, ends_at: slot.ends_at, remaining: slot.remaining, member_ids: slot.member_ids });
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('booking every slot up to its places leaves none, never overlaps a member, and fills the first slot of each date exactly', () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        const listed = availability(input);
        let current = input;
        let made = 0;
        const taken = (slot: FreeSlot): number => {
          let n = 0;
          for (;;) {
            const check = checkSlot(current, slot.starts_at);
            if (!check.ok) return n;
            const booking: HeldBooking = {
              id: `new${made++}`,
              department_id: 'dep',
              member_id: check.member_id,
              starts_at: check.starts_at,
              ends_at: check.ends_at,
            };
            current = { ...current, bookings: [...current.bookings, booking] };
            n += 1;
            expect(n).toBeLessThanOrEqual(slot.remaining);
          }
        };
        for (const day of listed.days) {
          day.slots.forEach((slot, i) => {
            const n = taken(slot);
            if (i === 0) expect(n).toBe(slot.remaining);
          });
        }
        expect(availability(current).days.flatMap((d) => d.slots)).toEqual([]);
        // A member never holds two bookings at once, old ones included.
        const byMember = new Map<string, Array<{ start: number; end: number }>>();
        for (const b of current.bookings.filter((x) => x.id.startsWith('new') && x.member_id)) {
          const mine = current.bookings.filter((x) => x.member_id === b.member_id && x.id !== b.id).map(span);
          expect(mine.some((o) => overlaps(o, span(b)))).toBe(false);
          byMember.set(b.member_id as string, [...(byMember.get(b.member_id as string) ?? []), span(b)]);
        }
        // The department never holds more than its places at any instant of a new booking, cell by cell.
        const own = current.bookings.filter((b) => b.department_id === 'dep').map(span);
        const cell = input.department.slot_duration * MINUTE;
        for (const b of current.bookings.filter((x) => x.id.startsWith('new')).map(span)) {
          for (let at = b.start; at < b.end; at += cell) {
            const c = { start: at, end: Math.min(at + cell, b.end) };
            expect(own.filter((o) => overlaps(o, c)).length).toBeLessThanOrEqual(
              input.department.max_bookings_per_slot + input.bookings.filter((o) => o.department_id === 'dep' && overlaps(span(o), c)).length,
            );
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
