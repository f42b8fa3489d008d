import { availability, checkSlot } from './engine';
import { base, booked, hours, MORNINGS, NOW } from './fixtures';
import { AvailabilityInputError, type AvailabilityInput } from './types';

const ALL_DAY = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];
const without = (...gone: string[]) => ALL_DAY.filter((t) => !gone.includes(t));
const dep = (changes: Partial<AvailabilityInput['department']>) => ({ ...base().department, ...changes });
const A = { id: 'a', working_days: MORNINGS };
const B = { id: 'b', working_days: null };

/** One date's answer: its status, its slot times, and each slot's places and members when asked. */
function day(input: AvailabilityInput, date = '2026-03-03') {
  const result = availability({ ...input, from: date, to: date });
  const [d] = result.days;
  return { ...d, times: d.slots.map((s) => s.time), remaining: d.slots.map((s) => s.remaining), members: d.slots.map((s) => s.member_ids.join('+')) };
}

describe('availability: the status of a date', () => {
  it.each<[string, Partial<AvailabilityInput>, string, string]>([
    ['a working day is open', {}, '2026-03-03', 'open'],
    ['a Sunday the business does not work is closed', {}, '2026-03-08', 'closed'],
    ['yesterday is past', {}, '2026-03-01', 'past'],
    ['the last date of the days-ahead limit is open', { booking_days_limit: 4 }, '2026-03-06', 'open'],
    ['the date after it is beyond the limit', { booking_days_limit: 4 }, '2026-03-07', 'beyond_limit'],
    ['a limit of 0 leaves today', { booking_days_limit: 0 }, '2026-03-02', 'open'],
    [
      'an all-day agency holiday',
      { holidays: [{ scope: 'agency', member_ids: [], starts_at: '2026-03-02T23:00:00Z', ends_at: '2026-03-03T23:00:00Z' }] },
      '2026-03-03',
      'holiday',
    ],
    [
      'a holiday of the only member',
      { members: [B], holidays: [{ scope: 'members', member_ids: ['b'], starts_at: '2026-03-02T23:00:00Z', ends_at: '2026-03-03T23:00:00Z' }] },
      '2026-03-03',
      'holiday',
    ],
    ['a day no member works is closed', { members: [A] }, '2026-03-05', 'closed'],
    ['every place taken: full', { bookings: [booked('2026-03-03', '09:00', '12:00'), booked('2026-03-03', '14:00', '17:00')] }, '2026-03-03', 'full'],
    [
      'the daily cap reached',
      { department: dep({ max_daily_bookings: 2 }), bookings: [booked('2026-03-03', '09:00', '09:30'), booked('2026-03-03', '15:00', '15:30')] },
      '2026-03-03',
      'daily_limit',
    ],
    ['today once the notice leaves no slot', { now: '2026-03-02T15:00:00Z', min_notice_minutes: 60 }, '2026-03-02', 'past'],
  ])('%s', (_name, changes, date, status) => {
    expect(day(base(changes), date).status).toBe(status);
  });
});

describe('availability: the slots of a date', () => {
  it.each<[string, Partial<AvailabilityInput>, string[], number[] | null]>([
    ['a grid of the slot duration from the start of each range', {}, ALL_DAY, null],
    ['a booking takes its slot', { bookings: [booked('2026-03-03', '10:00', '10:30')] }, without('10:00'), null],
    ['a booking over two slots takes a place in each', { bookings: [booked('2026-03-03', '10:00', '11:00')] }, without('10:00', '10:30'), null],
    [
      'capacity 2: a booking leaves one place',
      { department: dep({ max_bookings_per_slot: 2 }), bookings: [booked('2026-03-03', '10:00', '10:30')] },
      ALL_DAY,
      ALL_DAY.map((t) => (t === '10:00' ? 1 : 2)),
    ],
    [
      'capacity 2: two bookings fill the slot',
      { department: dep({ max_bookings_per_slot: 2 }), bookings: [booked('2026-03-03', '10:00', '10:30'), booked('2026-03-03', '10:00', '10:30')] },
      without('10:00'),
      null,
    ],
    ['a booking of another department does not count', { bookings: [booked('2026-03-03', '10:00', '10:30', { department_id: 'other' })] }, ALL_DAY, null],
    [
      'two services of 30 and 30 minutes: a 60-minute booking must fit the range',
      { duration_minutes: 60 },
      ['09:00', '09:30', '10:00', '10:30', '11:00', '14:00', '14:30', '15:00', '15:30', '16:00'],
      null,
    ],
    [
      'a 60-minute booking needs both cells free',
      { duration_minutes: 60, bookings: [booked('2026-03-03', '10:00', '10:30')] },
      ['09:00', '10:30', '11:00', '14:00', '14:30', '15:00', '15:30', '16:00'],
      null,
    ],
    [
      'capacity 2, two bookings in different cells: a 60-minute slot over both keeps one place',
      {
        duration_minutes: 60,
        department: dep({ max_bookings_per_slot: 2 }),
        bookings: [booked('2026-03-03', '10:00', '10:30'), booked('2026-03-03', '10:30', '11:00')],
      },
      ['09:00', '09:30', '10:00', '10:30', '11:00', '14:00', '14:30', '15:00', '15:30', '16:00'],
      [2, 1, 1, 1, 2, 2, 2, 2, 2, 2],
    ],
    [
      'an agency holiday in the morning',
      { holidays: [{ scope: 'agency', member_ids: [], starts_at: '2026-03-03T09:00:00Z', ends_at: '2026-03-03T10:15:00Z' }] },
      without('10:00', '10:30', '11:00'),
      null,
    ],
    [
      'a holiday of another business member does not close the department',
      { holidays: [{ scope: 'members', member_ids: ['x'], starts_at: '2026-03-02T23:00:00Z', ends_at: '2026-03-03T23:00:00Z' }] },
      ALL_DAY,
      null,
    ],
    [
      'the daily cap leaves as many places as it has left',
      { department: dep({ max_daily_bookings: 2, max_bookings_per_slot: 5 }), bookings: [booked('2026-03-03', '09:00', '09:30')] },
      ALL_DAY,
      ALL_DAY.map(() => 1),
    ],
    [
      'touching ranges make one: a 60-minute slot runs across their edge',
      {
        duration_minutes: 60,
        working_days: hours({
          tuesday: [
            ['09:00', '10:00'],
            ['10:00', '11:00'],
          ],
        }),
      },
      ['09:00', '09:30', '10:00'],
      null,
    ],
  ])('%s', (_name, changes, times, remaining) => {
    const d = day(base(changes));
    expect(d.times).toEqual(times);
    if (remaining) expect(d.remaining).toEqual(remaining);
  });

  it('today: nothing before now plus the minimum notice', () => {
    // 09:10 in Paris, 60 minutes' notice: 10:10 is the earliest start.
    expect(day(base({ now: '2026-03-02T08:10:00Z', min_notice_minutes: 60 }), '2026-03-02').times).toEqual(without('09:00', '09:30', '10:00'));
  });

  it('the answer names the zone, the duration and each slot as instants, local time and places', () => {
    const result = availability(base({ duration_minutes: 45 }));
    expect(result).toMatchObject({ department_id: 'dep', member_id: null, time_zone: 'Europe/Paris', duration: 45, member_required: false });
    expect(result.days[0].slots[0]).toEqual({
      starts_at: '2026-03-03T08:00:00.000Z',
      ends_at: '2026-03-03T08:45:00.000Z',
      time: '09:00',
      remaining: 1,
      member_ids: [],
    });
  });
});

describe('availability: members', () => {
  const team = { members: [A, B], department: dep({ max_bookings_per_slot: 3 }) };

  it('any member: each slot lists the members free for it, one place each', () => {
    const d = day(base(team));
    expect(d.members).toEqual(ALL_DAY.map((t) => (t < '12:00' ? 'a+b' : 'b')));
    expect(d.remaining).toEqual(ALL_DAY.map((t) => (t < '12:00' ? 2 : 1)));
  });

  it('a selected member: only their hours', () => {
    const d = day(base({ ...team, selected_member_id: 'a' }));
    expect(d.times).toEqual(ALL_DAY.filter((t) => t < '12:00'));
    expect(d.remaining).toEqual([1, 1, 1, 1, 1, 1]);
    expect(day(base({ ...team, selected_member_id: 'a' }), '2026-03-07').status).toBe('closed');
  });

  it('a member busy in another department is not free', () => {
    const input = base({ ...team, bookings: [booked('2026-03-03', '09:00', '10:00', { department_id: 'other', member_id: 'a' })] });
    expect(day({ ...input, selected_member_id: 'a' }).times).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(day(input).members.slice(0, 3)).toEqual(['b', 'b', 'a+b']);
    expect(checkSlot(input, '2026-03-03T08:00:00Z', 'a')).toMatchObject({ ok: false, code: 'member_busy' });
  });

  it('a member on holiday: the others serve', () => {
    const input = base({ ...team, holidays: [{ scope: 'members', member_ids: ['b'], starts_at: '2026-03-03T08:00:00Z', ends_at: '2026-03-03T09:00:00Z' }] });
    expect(day(input).members.slice(0, 3)).toEqual(['a', 'a', 'a+b']);
    expect(checkSlot(input, '2026-03-03T08:00:00Z', 'b')).toMatchObject({
      ok: false,
      code: 'member_holiday',
      message: 'This team member is on holiday at this time',
    });
  });

  it('must_select_member: the listing says so and a booking without a member is refused', () => {
    const input = base({ ...team, department: dep({ must_select_member: true }) });
    expect(availability(input).member_required).toBe(true);
    expect(availability({ ...input, selected_member_id: 'b' }).member_required).toBe(false);
    expect(checkSlot(input, '2026-03-03T08:00:00Z')).toEqual({ ok: false, code: 'member_required', message: 'Select a team member' });
    expect(checkSlot(input, '2026-03-03T08:00:00Z', 'b')).toMatchObject({ ok: true, member_id: 'b' });
  });

  it('a member who is not a bookable member of the department', () => {
    expect(() => availability(base({ ...team, selected_member_id: 'z' }))).toThrow(AvailabilityInputError);
    expect(checkSlot(base(team), '2026-03-03T08:00:00Z', 'z')).toMatchObject({ ok: false, code: 'member_unknown' });
  });
});

describe('checkSlot', () => {
  const input = base({
    department: dep({ max_bookings_per_slot: 2 }),
    members: [A, B],
    bookings: [booked('2026-03-03', '10:00', '10:30', { member_id: 'a' })],
  });

  it.each<[string, AvailabilityInput, string, string | null, object]>([
    [
      'a free slot, any member: the first free one',
      input,
      '2026-03-03T08:00:00Z',
      null,
      { ok: true, member_id: 'a', remaining: 2, member_ids: ['a', 'b'], time: '09:00' },
    ],
    ['the other member when the first is busy', input, '2026-03-03T09:00:00Z', null, { ok: true, member_id: 'b', remaining: 1 }],
    ['an offset given in local time is the same instant', input, '2026-03-03T09:00:00+01:00', null, { ok: true, time: '09:00' }],
    ['off the grid', input, '2026-03-03T08:10:00Z', null, { ok: false, code: 'not_a_slot' }],
    ['outside the hours', input, '2026-03-03T12:00:00Z', null, { ok: false, code: 'not_a_slot' }],
    ['a closed day', input, '2026-03-08T08:00:00Z', null, { ok: false, code: 'closed' }],
    ['a past date', input, '2026-03-01T08:00:00Z', null, { ok: false, code: 'past' }],
    ['earlier today', { ...input, now: '2026-03-02T08:20:00Z' }, '2026-03-02T08:00:00Z', null, { ok: false, code: 'past' }],
    ['inside the notice', { ...input, min_notice_minutes: 120 }, '2026-03-02T09:00:00Z', null, { ok: false, code: 'too_soon' }],
    ['beyond the limit', { ...input, booking_days_limit: 0 }, '2026-03-03T08:00:00Z', null, { ok: false, code: 'beyond_limit' }],
    [
      'a holiday',
      { ...input, holidays: [{ scope: 'agency', member_ids: [], starts_at: NOW, ends_at: '2026-03-04T00:00:00Z' }] },
      '2026-03-03T08:00:00Z',
      null,
      { ok: false, code: 'holiday', message: 'The date is a holiday' },
    ],
    [
      'a full slot',
      { ...input, bookings: [...input.bookings, booked('2026-03-03', '10:00', '10:30')] },
      '2026-03-03T09:00:00Z',
      null,
      { ok: false, code: 'full', message: 'No available slots on this date' },
    ],
    ['the daily cap', { ...input, department: dep({ max_daily_bookings: 1 }) }, '2026-03-03T08:00:00Z', null, { ok: false, code: 'daily_limit' }],
  ])('%s', (_name, i, start, member, expected) => {
    expect(checkSlot(i, start, member)).toMatchObject(expected);
  });

  it('an unreadable start is an input error', () => {
    expect(() => checkSlot(input, 'tomorrow')).toThrow(AvailabilityInputError);
  });
});

describe('availability: input it refuses', () => {
  it.each<[string, Partial<AvailabilityInput>, string]>([
    ['an unknown zone', { time_zone: 'Mars/Olympus' }, 'time_zone'],
    ['hours that cross midnight', { working_days: hours({ monday: [['22:00', '02:00']] }) }, 'working_days.0.ranges.0'],
    ['an unreadable time', { working_days: hours({ monday: [['9h', '12:00']] }) }, 'working_days.0.ranges.0'],
    ['a range that ends before it starts', { from: '2026-03-05', to: '2026-03-04' }, 'to'],
    ['more than a year at once', { from: '2026-03-05', to: '2027-04-04' }, 'to'],
    ['a duration of zero', { duration_minutes: 0 }, 'duration_minutes'],
    ['a booking that ends before it starts', { bookings: [booked('2026-03-03', '10:00', '09:00')] }, 'bookings.0.ends_at'],
  ])('%s', (_name, changes, field) => {
    expect(() => availability(base(changes))).toThrow(expect.objectContaining({ name: 'AvailabilityInputError', field }));
  });

  it('hours ending at 24:00 are a whole evening', () => {
    expect(day(base({ working_days: hours({ tuesday: [['23:00', '24:00']] }) })).times).toEqual(['23:00', '23:30']);
  });
});

describe('availability: daylight saving in Paris (the table; the property tests cover five zones)', () => {
  const night = hours({ sunday: [['00:00', '05:00']] });
  const at = (date: string) => day(base({ working_days: night, now: '2026-01-01T00:00:00Z', booking_days_limit: 400 }), date);

  it('spring forward: 02:00 and 02:30 do not exist and are not offered', () => {
    expect(at('2026-03-29').times).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
  });

  it('fall back: 02:00 and 02:30 are offered once, at their first occurrence', () => {
    const d = at('2026-10-25');
    expect(d.times).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30']);
    expect(d.slots.find((s) => s.time === '02:30')).toMatchObject({ starts_at: '2026-10-25T00:30:00.000Z', ends_at: '2026-10-25T01:00:00.000Z' });
    expect(d.slots.find((s) => s.time === '03:00')?.starts_at).toBe('2026-10-25T02:00:00.000Z');
  });

  it('fall back: checkSlot takes 02:30 at its first occurrence and refuses the second', () => {
    const input = base({ working_days: night, now: '2026-01-01T00:00:00Z', booking_days_limit: 400 });
    expect(checkSlot(input, '2026-10-25T00:30:00Z')).toMatchObject({ ok: true, time: '02:30' });
    expect(checkSlot(input, '2026-10-25T01:30:00Z')).toMatchObject({ ok: false, code: 'not_a_slot' });
  });

  it('a slot across the jump is one of real minutes: 01:30 for 60 minutes ends at 03:30', () => {
    const d = day(base({ working_days: night, now: '2026-01-01T00:00:00Z', booking_days_limit: 400, duration_minutes: 60 }), '2026-03-29');
    expect(d.slots.find((s) => s.time === '01:30')).toMatchObject({ starts_at: '2026-03-29T00:30:00.000Z', ends_at: '2026-03-29T01:30:00.000Z' });
  });
});
