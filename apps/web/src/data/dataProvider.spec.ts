import { changes } from './dataProvider';

describe('changes', () => {
  it('keeps only the fields the form changed', () => {
    const before = { id: 'd1', name: 'Dental', service_ids: ['a'], created_at: '2026-01-01', max_daily_bookings: null };
    const after = { ...before, name: 'Dental care', service_ids: ['a', 'b'] };
    expect(changes(after, before)).toEqual({ name: 'Dental care', service_ids: ['a', 'b'] });
  });
  it('sends everything without a previous record', () => {
    expect(changes({ name: 'x' })).toEqual({ name: 'x' });
  });
});
