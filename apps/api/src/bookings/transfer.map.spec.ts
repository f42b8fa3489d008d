import * as XLSX from '@e965/xlsx';
import { mapBookingHeaders, parseBookingRow, type ImportLookups } from './transfer.map';

const DEP = '0b7c6a1e-4a55-4e2e-9a0e-000000000001';
const lookups: ImportLookups = {
  time_zone: 'Europe/Paris',
  country: 'FR',
  departments: [{ id: DEP, name: 'Dentistry' }],
  services: [
    { id: 's1', name: 'Check-up' },
    { id: 's2', name: 'Cleaning' },
  ],
  members: [
    { id: 'm1', name: 'Ana Lopez', email: 'ana@clinic.test' },
    { id: 'm2', name: 'Twin', email: null },
    { id: 'm3', name: 'Twin', email: null },
  ],
};
const { columns } = mapBookingHeaders(['Date', 'Heure', 'Département', 'Services', 'Member', 'Phone', 'E-mail', 'Customer name', 'Internal ID', 'Remarks']);
const row = (over: Partial<Record<number, unknown>> = {}) => {
  const cells: unknown[] = [
    '2026-03-30',
    '09:30',
    'dentistry',
    'check-up; Cleaning',
    'ana@clinic.test',
    '06 12 34 56 78',
    'Zoe@Mail.test',
    'Zoé Martin Roux',
    'F-12',
    'first visit',
  ];
  for (const [i, v] of Object.entries(over)) cells[+i] = v;
  return parseBookingRow(columns, cells, lookups);
};

describe('bookings import rows', () => {
  it('reads headers in several languages and names the unknown ones', () => {
    expect(columns).toEqual([
      'date',
      'time',
      'department',
      'services',
      'member',
      'customer_phone',
      'customer_email',
      'customer_name',
      'customer_internal_id',
      'remarks',
    ]);
    expect(mapBookingHeaders(['date', 'colour']).unknown).toEqual(['colour']);
  });

  it('turns names into ids and the wall-clock time into the instant of the business’s zone', () => {
    const { row: r, errors } = row();
    expect(errors).toEqual({});
    expect(r).toEqual({
      department_id: DEP,
      service_ids: ['s1', 's2'],
      member_id: 'm1',
      starts_at: '2026-03-30T09:30:00+02:00',
      remarks: 'first visit',
      customer: { internal_id: 'F-12', phone: '+33612345678', email: 'zoe@mail.test', first_name: 'Zoé', last_name: 'Martin Roux' },
    });
  });

  it('reads spreadsheet date and time cells and day-first dates', () => {
    const serial = 46111; // 2026-03-30 as a spreadsheet counts days
    expect(XLSX.SSF.format('yyyy-mm-dd', serial)).toBe('2026-03-30');
    expect(row({ 0: serial, 1: 0.5 }).row?.starts_at).toBe('2026-03-30T12:00:00+02:00');
    expect(row({ 0: '30/03/2026', 1: '9h30' }).row?.starts_at).toBe('2026-03-30T09:30:00+02:00');
  });

  it('refuses a time the clocks skip, rather than moving it', () => {
    expect(row({ 0: '2026-03-29', 1: '02:30' }).errors).toEqual({ time: ['This time does not exist on that day in the business’s time zone'] });
  });

  it('reports every bad cell of a row by its column', () => {
    const { row: r, errors } = row({ 0: '2026-13-45', 1: '25:00', 2: 'Cardiology', 3: 'Check-up, X-ray', 4: 'Twin', 5: 'abc', 6: 'nope' });
    expect(r).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['customer_email', 'customer_phone', 'date', 'department', 'member', 'services', 'time']);
    expect(errors.services).toEqual(['Unknown service: X-ray']);
    expect(errors.member).toEqual(['Unknown team member: Twin']);
  });

  it('takes a department by its id and a row without a customer', () => {
    const { row: r } = row({ 2: DEP.toUpperCase(), 5: '', 6: '', 7: '', 8: '' });
    expect(r?.department_id).toBe(DEP);
    expect(r?.customer).toBeNull();
  });
});
