import { summary } from './summary';

describe('summary', () => {
  it('prefers the server summary', () => {
    expect(summary({ data_summary: 'Cardiology created', data: { name: 'x' } })).toBe('Cardiology created');
  });
  it('lists the first plain fields, without ids or nested values', () => {
    expect(summary({ data: { service_id: 'a1', name: 'Radiologie', price: 50, changes: { a: 1 }, duration: 30, category: 'x' } })).toBe(
      'name: Radiologie, price: 50, duration: 30',
    );
  });
  it('is empty without data', () => {
    expect(summary({})).toBe('');
  });
});
