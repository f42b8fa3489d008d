import type { Booking, Resource } from '@tabour/contracts';
import { HttpError } from '../data/http';
import {
  bookableMembers,
  businessHoursOf,
  offeredResources,
  contrast,
  eventOf,
  readableText,
  rangeOf,
  refusalText,
  shiftDate,
  todayIn,
  visibleHours,
  weekOf,
} from './model';
import { isBookingNotice } from './useBookingChanges';

describe('the calendar window', () => {
  it('turns FullCalendar’s end-exclusive range into the API’s inclusive local dates', () => {
    expect(rangeOf('2026-03-23T00:00:00+01:00', '2026-03-30T00:00:00+02:00')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(rangeOf('2026-03-01', '2026-04-01')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('takes the Monday-to-Sunday week of a date, across a daylight-saving change', () => {
    expect(weekOf('2026-03-29', 'Europe/Paris')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(weekOf('2026-03-30', 'Europe/Paris')).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(shiftDate('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('tells today in the business’s zone, not the browser’s', () => {
    const late = new Date('2026-06-30T23:30:00Z');
    expect(todayIn('Asia/Tokyo', late)).toBe('2026-07-01');
    expect(todayIn('America/Santiago', late)).toBe('2026-06-30');
  });
});

describe('a booking on the calendar', () => {
  const booking = {
    id: 'b1',
    customer_name: 'Lina',
    department_id: 'd1',
    starts_at: '2026-05-04T08:00:00.000Z',
    ends_at: '2026-05-04T08:30:00.000Z',
    status: 'confirmed',
  } as Booking;
  const departments = { d1: { id: 'd1', name: 'Dental', primary_color: '#aa0000', text_color: '#ffffee' } };

  it('is coloured by its department and titled by its customer', () => {
    expect(eventOf(booking, departments, 'Customer')).toMatchObject({
      id: 'b1',
      title: 'Lina · Dental',
      backgroundColor: '#aa0000',
      textColor: '#ffffee',
      editable: true,
    });
  });

  it('keeps its text readable on its department’s colour', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(readableText('#8e24aa', '#ffffff')).toBe('#ffffff');
    // White on teal is 4.1:1, under WCAG AA: black reads better there.
    expect(readableText('#00897b', '#ffffff')).toBe('#000000');
    expect(readableText('#ffeb3b', null)).toBe('#000000');
    expect(readableText('not a colour', '#ffffff')).toBe('#000000');
  });

  it('cannot be dragged once checked in, and falls back to a colour and a title', () => {
    const e = eventOf({ ...booking, status: 'checked_in', customer_name: null, department_id: 'gone' }, departments, 'Customer');
    expect(e).toMatchObject({ title: 'Customer', backgroundColor: '#1565c0', editable: false });
  });
});

describe('a refused booking', () => {
  it('speaks the catalogue’s text for the refusal codes the interface knows', () => {
    expect(refusalText(new HttpError('No available slots on this date', 409, { code: 'slot_full' }))).toBe('bookings.availability.reasons.full');
    expect(refusalText(new HttpError('The date is a holiday', 409, { code: 'slot_holiday' }))).toBe('bookings.availability.reasons.holiday');
    expect(refusalText(new HttpError('busy', 409, { code: 'slot_member_busy' }))).toBe('bookings.availability.refusals.member_busy');
    expect(refusalText(new HttpError('closed', 409, { code: 'booking_closed' }))).toBe('bookings.availability.refusals.booking_closed');
  });

  it('keeps the server’s message otherwise', () => {
    expect(refusalText(new HttpError('No available slots on this date', 409, {}))).toBe('No available slots on this date');
    expect(refusalText(new HttpError('Select a department', 422, { code: 'validation_failed' }))).toBe('Select a department');
    expect(refusalText(null)).toBe('app.errors.internal');
  });
});

it('offers the bookable members of the chosen department only', () => {
  const team = [
    { id: 'm1', name: 'A', department_id: 'd1', is_bookable: true },
    { id: 'm2', name: 'B', department_id: 'd1', is_bookable: false },
    { id: 'm3', name: 'C', department_id: 'd2', is_bookable: true },
  ];
  expect(bookableMembers(team, 'd1').map((m) => m.id)).toEqual(['m1']);
  expect(bookableMembers(team, null)).toEqual([]);
});

it('refreshes the book on booking notices only', () => {
  expect(isBookingNotice({ view: 'booking', key: 'booking-abc', position: 3 })).toBe(true);
  expect(isBookingNotice({ view: 'queue', key: 'queue-abc', position: 4 })).toBe(false);
  expect(isBookingNotice(null)).toBe(false);
});

it('shows the hours from the earliest opening to the latest closing, every hour when unknown', () => {
  const days = [
    {
      day: 'monday' as const,
      open: true,
      ranges: [
        { from: '08:30', to: '12:00' },
        { from: '14:00', to: '17:30' },
      ],
    },
    { day: 'saturday' as const, open: true, ranges: [{ from: '07:00', to: '11:00' }] },
    { day: 'sunday' as const, open: false, ranges: [{ from: '05:00', to: '23:00' }] },
  ];
  expect(visibleHours(days)).toEqual({ min: '07:00:00', max: '18:00:00' });
  expect(visibleHours([{ day: 'friday', open: true, ranges: [{ from: '20:00', to: '00:00' }] }])).toEqual({ min: '20:00:00', max: '24:00:00' });
  expect(visibleHours(null)).toEqual({ min: '00:00:00', max: '24:00:00' });
});

it('shades the hours the business is closed', () => {
  expect(
    businessHoursOf([
      { day: 'sunday', open: false, ranges: [] },
      {
        day: 'monday',
        open: true,
        ranges: [
          { from: '08:00', to: '12:00' },
          { from: '14:00', to: '00:00' },
        ],
      },
    ]),
  ).toEqual([
    { daysOfWeek: [1], startTime: '08:00', endTime: '12:00' },
    { daysOfWeek: [1], startTime: '14:00', endTime: '24:00' },
  ]);
  expect(businessHoursOf(null)).toBe(false);
});

describe('the rooms and equipment a booking is offered', () => {
  const resource = (id: string, department_ids: string[], active = true) =>
    ({ id, name: id, kind: 'room', capacity: 1, department_ids, active, created_at: '', updated_at: '' }) as Resource;
  const all = [resource('mine', ['dep-1']), resource('everyone', []), resource('theirs', ['dep-2']), resource('closed', [], false)];

  it("offers the department's active ones and those of no department", () => {
    expect(offeredResources(all, 'dep-1').map((r) => r.id)).toEqual(['mine', 'everyone']);
    expect(offeredResources(all, '').map((r) => r.id)).toEqual([]);
  });
  it('keeps showing one the booking holds, even since deactivated', () => {
    expect(offeredResources(all, 'dep-1', ['closed']).map((r) => r.id)).toEqual(['mine', 'everyone', 'closed']);
  });
});
