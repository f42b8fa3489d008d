import { exportPath } from './files';

describe('the export address', () => {
  it('carries the list filters and sort, leaving blanks out', () => {
    expect(exportPath('xlsx', { q: '20123456', category: 'VIP', empty: '' }, { field: 'last_name', order: 'ASC' })).toBe(
      '/business/customer/export?format=xlsx&q=20123456&category=VIP&sort=last_name&order=asc',
    );
  });

  it('leaves the default sort to the server', () => {
    expect(exportPath('csv', {}, { field: 'id', order: 'DESC' })).toBe('/business/customer/export?format=csv');
  });
});
