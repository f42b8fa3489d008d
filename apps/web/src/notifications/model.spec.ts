import { concernsBell, noticeText } from './model';

const notice = (kind: string, data: Record<string, string | number | null>) => ({
  id: 'n1',
  kind: kind as never,
  data,
  link: null,
  read_at: null,
  created_at: '2026-03-10T08:00:00Z',
});

describe('the notifications bell', () => {
  it('words a notice by its kind with its data, and an unknown kind plainly', () => {
    expect(noticeText(notice('sms_balance_low', { balance: 9 }))).toEqual(['notifications.bell.kinds.sms_balance_low', { balance: 9 }]);
    expect(noticeText(notice('booking_request', { name: null }))).toEqual(['notifications.bell.kinds.booking_request', { name: '' }]);
    expect(noticeText(notice('sms_allowance_used_up', { skipped: 2 }))[0]).toBe('notifications.bell.kinds.sms_balance_exhausted');
    expect(noticeText(notice('printer_on_fire', {}))[0]).toBe('notifications.bell.kinds.other');
  });

  it('refetches on booking and queue request changes only', () => {
    expect(concernsBell({ view: 'bookingrequest', key: 'bookingrequest-1', position: 3 })).toBe(true);
    expect(concernsBell({ view: 'queuerequest' })).toBe(true);
    expect(concernsBell({ view: 'queue' })).toBe(false);
    expect(concernsBell(null)).toBe(false);
  });
});
