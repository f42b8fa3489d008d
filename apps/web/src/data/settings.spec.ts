import { smsExportPath } from './settings';

describe('the SMS export address', () => {
  it('exports with the filters set, leaving out the empty ones', () => {
    expect(smsExportPath('xlsx', { status: 'failed', from: '2026-03-01', to: '', destination: null, q: 'x' })).toBe(
      '/business/sms/transactions/export?format=xlsx&status=failed&from=2026-03-01',
    );
  });
});
