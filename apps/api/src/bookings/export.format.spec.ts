import * as ical from 'node-ical';
import { bookingCalendar, bookingSheet, type CalendarEntry } from './export.format';
import { mapBookingHeaders } from './transfer.map';
import * as XLSX from '@e965/xlsx';

const entry = (id: string, start: string, minutes: number, summary: string): CalendarEntry => ({
  id,
  starts_at: new Date(start),
  ends_at: new Date(Date.parse(start) + minutes * 60_000),
  status: 'confirmed',
  summary,
  description: 'Line one\nline two; with, punctuation',
  location: 'Dentistry',
});

describe('bookings export files', () => {
  it('writes an iCalendar file a maintained parser reads back with the same instants, across a clock change', () => {
    // The night Paris springs forward, and the morning after in Santiago's autumn change.
    const entries = [entry('b1', '2026-03-29T00:30:00Z', 90, 'Zoé Martin — Check-up, Cleaning'), entry('b2', '2026-04-05T03:30:00Z', 30, 'طبيب الأسنان')];
    const text = bookingCalendar(entries, { name: 'Demo Clinic', time_zone: 'Europe/Paris', host: 'tabour.test' }).toString('utf8');
    const parsed = Object.values(ical.sync.parseICS(text)).filter((e): e is ical.VEvent => e?.type === 'VEVENT');
    expect(parsed.map((e) => [e.uid, e.start.toISOString(), e.end!.toISOString(), e.summary, e.location])).toEqual(
      entries.map((e) => [`${e.id}@tabour.test`, e.starts_at.toISOString(), e.ends_at.toISOString(), e.summary, 'Dentistry']),
    );
    expect(parsed[0].description).toBe('Line one\nline two; with, punctuation');
    // Every time is a UTC instant: no floating local time a calendar program would misplace.
    expect(text).toMatch(/DTSTART:20260329T003000Z/);
    expect(text).not.toMatch(/DTSTART(;TZID=[^:]+)?:\d{8}T\d{6}\r?\n/);
  });

  it('writes CSV cells a spreadsheet will not run as formulas, under the headers the import reads', () => {
    const row = {
      date: '2026-03-30',
      time: '09:30',
      department: 'Dentistry',
      services: ['Check-up', 'Cleaning'],
      member: null,
      customer_phone: '+33612345678',
      customer_email: null,
      customer_name: '=HYPERLINK("x")',
      customer_internal_id: null,
      remarks: null,
      status: 'confirmed',
    };
    const csv = bookingSheet([row], 'csv').toString('utf8');
    expect(csv).toContain(`'=HYPERLINK`);
    expect(csv).toContain('+33612345678');
    const sheet = XLSX.read(bookingSheet([row], 'xlsx'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    expect(mapBookingHeaders(rows[0]).unknown).toEqual([]);
    expect(rows[1]).toEqual(['2026-03-30', '09:30', 'Dentistry', 'Check-up, Cleaning', '', '+33612345678', '', `'=HYPERLINK("x")`, '', '', 'confirmed']);
  });
});
