import { bookingsExportPath } from './bookings';

describe('the bookings export address', () => {
  it('carries the format and the table filters, leaving out empty ones', () => {
    expect(bookingsExportPath('ics', { from: '2026-01-01', to: '2026-01-31', department_id: 'dep-1', member_id: '' })).toBe(
      '/business/booking/export?format=ics&from=2026-01-01&to=2026-01-31&department_id=dep-1',
    );
  });
  it('ignores what the export call does not read', () => {
    expect(bookingsExportPath('csv', { page: 3, status: 'confirmed', q: 'Amira' })).toBe('/business/booking/export?format=csv&status=confirmed');
  });
});
