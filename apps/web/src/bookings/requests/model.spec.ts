import { addDays, approvalChanges, decisionKey, isRequestNotice, pendingFirst, shownReason, weekStart, when } from './model';

describe('the requests order', () => {
  it('puts pending requests first, each group newest first', () => {
    const rows = [
      { id: 'a', status: 'approved' as const, created_at: '2026-01-03T10:00:00Z' },
      { id: 'b', status: 'pending' as const, created_at: '2026-01-01T10:00:00Z' },
      { id: 'c', status: 'declined' as const, created_at: '2026-01-04T10:00:00Z' },
      { id: 'd', status: 'pending' as const, created_at: '2026-01-02T10:00:00Z' },
    ];
    expect(pendingFirst(rows).map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('an approval', () => {
  const asked = { starts_at: '2026-03-02T09:00:00+01:00', member_id: 'm1', service_ids: ['s1', 's2'] };
  it('sends nothing when the request is taken as asked (the same instant in another offset too)', () => {
    expect(approvalChanges(asked, { starts_at: '2026-03-02T08:00:00Z', member_id: 'm1', service_ids: ['s2', 's1'] })).toBeUndefined();
  });
  it('sends only the changed slot, member and services', () => {
    expect(approvalChanges(asked, { starts_at: '2026-03-02T10:00:00+01:00', member_id: null, service_ids: ['s1'] })).toEqual({
      starts_at: '2026-03-02T10:00:00+01:00',
      member_id: null,
      service_ids: ['s1'],
    });
  });
});

describe('the decision', () => {
  it('names the rule that decided, or staff', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(decisionKey({ decision: null })).toBeNull();
    expect(decisionKey({ decision: { status: 'declined', rule_id: 'r1', rule_name: 'Blacklist', by: null, reason: null, at } })).toEqual({
      key: 'bookings.requests.by_rule',
      name: 'Blacklist',
    });
    expect(decisionKey({ decision: { status: 'approved', rule_id: null, rule_name: null, by: 'u1', reason: null, at } })).toEqual({
      key: 'bookings.requests.by_staff',
    });
  });
});

describe('live notices', () => {
  it('concern the list when they name a booking request stream', () => {
    expect(isRequestNotice({ key: 'bookingrequest-abc', view: 'x', position: 1 })).toBe(true);
    expect(isRequestNotice({ key: 'booking-abc' })).toBe(false);
    expect(isRequestNotice(null)).toBe(false);
  });
});

describe('the slot picker week', () => {
  it('starts on Monday and steps by days', () => {
    expect(weekStart('2026-03-04')).toBe('2026-03-02');
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
    expect(addDays('2026-02-27', 7)).toBe('2026-03-06');
  });
});

describe('what a request shows', () => {
  it('words an instant in the interface language', () => {
    expect(when('2026-03-02T08:00:00Z', 'en')).toMatch(/2026/);
    expect(when(null, 'en')).toBe('—');
    expect(when('soon', 'en')).toBe('—');
  });
  it('leaves out a reason that only repeats the deciding rule', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(shownReason({ decision: { status: 'declined', rule_id: 'r', rule_name: 'Blacklist', by: null, reason: 'Blacklist', at } })).toBeNull();
    expect(shownReason({ decision: { status: 'declined', rule_id: null, rule_name: null, by: 'u', reason: 'Closed that day', at } })).toBe('Closed that day');
    expect(shownReason({ decision: null })).toBeNull();
  });
});

describe('the business clock', () => {
  it('shows an instant at the business zone’s time', () => {
    expect(when('2026-03-02T08:00:00Z', 'en-GB', 'Africa/Tunis')).toMatch(/09:00/);
    expect(when('2026-03-02T08:00:00Z', 'en-GB', 'Asia/Tehran')).toMatch(/11:30/);
  });
});
