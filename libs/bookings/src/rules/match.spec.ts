import type { WorkingDay } from '@tabour/contracts';
import { customerClasses, MatchableRule, MatchContext, matchRule } from './match';

const week = (open: Partial<Record<WorkingDay['day'], [string, string]>>): WorkingDay[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
    day,
    open: !!open[day],
    ranges: open[day] ? [{ from: open[day]![0], to: open[day]![1] }] : [],
  }));

let next = 0;
const rule = (r: Partial<MatchableRule>): MatchableRule => ({
  id: `r${++next}`,
  name: `rule ${next}`,
  action: 'approve',
  flow: 'booking',
  applies_to: 'all',
  time_frame: 'forever',
  starts_on: null,
  ends_on: null,
  working_days: null,
  position: next,
  enabled: true,
  ...r,
});

const PARIS = 'Europe/Paris';
const ctx = (customer: MatchContext['customer'], zone = PARIS): MatchContext => ({ zone, customer });
const regular = { category: 'BASIC', has_history: true };
const vip = { category: 'VIP', has_history: true };
const blacklisted = { category: 'BLACKLISTED', has_history: true };
const firstTimer = { category: 'BASIC', has_history: false };

describe('customer classes', () => {
  it.each([
    ['no customer record', null, ['all', 'new']],
    ['a customer with no past booking or ticket', firstTimer, ['all', 'new']],
    ['a returning customer', regular, ['all']],
    ['a VIP', vip, ['all', 'vip']],
    ['a blacklisted customer', blacklisted, ['all', 'blacklisted']],
    ['a blacklisted first-timer', { category: 'blacklisted', has_history: false }, ['all', 'new', 'blacklisted']],
  ])('%s', (_name, customer, classes) => {
    expect(customerClasses(customer)).toEqual(classes);
  });
});

describe('matchRule', () => {
  const declineBlacklisted = rule({ name: 'no blacklisted', action: 'decline', applies_to: 'blacklisted', position: 0 });
  const approveVip = rule({ name: 'vip first', applies_to: 'vip', position: 1 });
  const approveNew = rule({ name: 'welcome', applies_to: 'new', position: 2 });
  const queueAll = rule({ name: 'queue joins', flow: 'queue', position: 3 });
  const disabled = rule({ name: 'off', applies_to: 'all', position: 4, enabled: false });
  const weekdays = rule({
    name: 'office hours',
    applies_to: 'all',
    position: 5,
    working_days: week({ monday: ['09:00', '17:00'], tuesday: ['09:00', '17:00'] }),
  });
  const summer = rule({
    name: 'summer',
    applies_to: 'all',
    action: 'decline',
    position: 6,
    time_frame: 'custom',
    starts_on: '2026-07-01',
    ends_on: '2026-08-31',
  });
  const rules = [summer, weekdays, disabled, queueAll, approveNew, approveVip, declineBlacklisted];

  // 2026-06-01 is a Monday; Paris is UTC+2 in summer.
  it.each([
    ['a blacklisted customer is declined before anything else', 'booking', '2026-06-01T08:00:00Z', blacklisted, 'no blacklisted'],
    ['a VIP is approved', 'booking', '2026-06-01T08:00:00Z', vip, 'vip first'],
    ['a customer without a record counts as new', 'booking', '2026-06-01T08:00:00Z', null, 'welcome'],
    ['a returning customer within office hours (10:00 local)', 'booking', '2026-06-01T08:00:00Z', regular, 'office hours'],
    ['office hours end exclusive (17:00 local)', 'booking', '2026-06-01T15:00:00Z', regular, null],
    ['office hours start inclusive (09:00 local)', 'booking', '2026-06-01T07:00:00Z', regular, 'office hours'],
    ['Wednesday is outside office hours', 'booking', '2026-06-03T08:00:00Z', regular, null],
    ['inside the custom range', 'booking', '2026-07-15T08:00:00Z', firstTimer, 'welcome'],
    ['a returning customer in summer, on a Wednesday', 'booking', '2026-07-15T08:00:00Z', regular, 'summer'],
    ['the range ends with its last local day included', 'booking', '2026-08-31T21:30:00Z', regular, 'summer'],
    ['and not a minute after its local midnight', 'booking', '2026-08-31T22:00:00Z', regular, null],
    ['the range starts at its first local midnight (22:00 UTC the day before)', 'booking', '2026-06-30T22:00:00Z', regular, 'summer'],
    ['a queue join is matched by queue rules only', 'queue', '2026-06-03T08:00:00Z', regular, 'queue joins'],
  ])('%s', (_name, flow, at, customer, expected) => {
    expect(matchRule(rules, { flow: flow as 'booking' | 'queue', at }, ctx(customer))?.name ?? null).toBe(expected);
  });

  it('decides by position, not by the order the list is given in', () => {
    const later = rule({ name: 'later', position: 10 });
    const earlier = rule({ name: 'earlier', action: 'decline', position: 2 });
    expect(matchRule([later, earlier], { flow: 'booking', at: '2026-06-01T08:00:00Z' }, ctx(regular))?.name).toBe('earlier');
  });

  it('lets staff decide when no rule matches', () => {
    expect(matchRule([], { flow: 'booking', at: '2026-06-01T08:00:00Z' }, ctx(regular))).toBeNull();
    expect(matchRule([disabled], { flow: 'booking', at: '2026-06-01T08:00:00Z' }, ctx(regular))).toBeNull();
  });

  describe('daylight-saving days are read on the local clock', () => {
    // Paris springs forward on Sunday 2026-03-29 at 02:00 (to 03:00) and falls back on Sunday 2026-10-25 at 03:00 (to 02:00).
    const earlySunday = rule({ name: 'early sunday', working_days: week({ sunday: ['03:00', '04:00'] }), position: 0 });
    it.each([
      ['01:30 UTC is 03:30 summer time, inside 03:00–04:00', '2026-03-29T01:30:00Z', 'early sunday'],
      ['00:30 UTC is 01:30 winter time, before it', '2026-03-29T00:30:00Z', null],
      ['02:30 UTC is 04:30, after it', '2026-03-29T02:30:00Z', null],
      ['on the fall-back day 02:30 UTC is 03:30 winter time, inside', '2026-10-25T02:30:00Z', 'early sunday'],
      ['on the fall-back day 01:30 UTC is the second 02:30, before it', '2026-10-25T01:30:00Z', null],
    ])('%s', (_name, at, expected) => {
      expect(matchRule([earlySunday], { flow: 'booking', at }, ctx(regular))?.name ?? null).toBe(expected);
    });

    it('a one-day range is the 23-hour local day of the change', () => {
      const theDay = rule({ name: 'the day', time_frame: 'custom', starts_on: '2026-03-29', ends_on: '2026-03-29' });
      const at = (iso: string) => matchRule([theDay], { flow: 'booking', at: iso }, ctx(regular))?.name ?? null;
      expect(at('2026-03-28T22:59:00Z')).toBeNull();
      expect(at('2026-03-28T23:00:00Z')).toBe('the day');
      expect(at('2026-03-29T21:59:00Z')).toBe('the day');
      expect(at('2026-03-29T22:00:00Z')).toBeNull();
    });

    it('uses the business zone, not the offset the request was written with', () => {
      const santiago = rule({ name: 'santiago morning', working_days: week({ monday: ['08:00', '09:00'] }) });
      // 2026-06-01 08:30 in Santiago (UTC-4) written with a Paris offset.
      expect(matchRule([santiago], { flow: 'booking', at: '2026-06-01T14:30:00+02:00' }, ctx(regular, 'America/Santiago'))?.name).toBe('santiago morning');
      expect(matchRule([santiago], { flow: 'booking', at: new Date('2026-06-01T12:30:00Z') }, ctx(regular, 'America/Santiago'))?.name).toBe('santiago morning');
    });
  });
});
