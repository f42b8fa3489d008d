import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, QUEUE_REFUSALS, codeForStatus, firstError, firstFieldErrors, isErrorCode, readErrorBody } from './errors';
import { DEFAULT_SERVICE_SECONDS, estimateWait, smooth, waitMinutes } from './estimate';
import { FINAL_ACTIONS, TICKET_ACTIONS, ticketActionAllowed, ticketActions } from './ticket-actions';

const ROOT = join(__dirname, '..', '..', '..');

describe('the wait estimate', () => {
  const base = { rank: 1, open_counters: 1, service_time: {}, service_ids: [], delay_seconds: 0 };
  it('is the delay alone for the first in line', () => {
    expect(estimateWait({ ...base, delay_seconds: 120 })).toBe(120);
  });
  it('counts the customers ahead, served in parallel by the open counters', () => {
    expect(estimateWait({ ...base, rank: 5, service_time: { s: 100 }, service_ids: ['s'] })).toBe(400);
    expect(estimateWait({ ...base, rank: 5, open_counters: 2, service_time: { s: 100 }, service_ids: ['s'] })).toBe(200);
    // No open counter yet counts as one.
    expect(estimateWait({ ...base, rank: 3, open_counters: 0, service_time: { s: 100 }, service_ids: ['s'] })).toBe(200);
  });
  it('takes the first measured service of the ticket, else the untyped time, else the average, else the default', () => {
    expect(estimateWait({ ...base, rank: 2, service_time: { a: 60, b: 120 }, service_ids: ['x', 'b', 'a'] })).toBe(120);
    expect(estimateWait({ ...base, rank: 2, service_time: { '*': 90, a: 60 }, service_ids: ['x'] })).toBe(90);
    expect(estimateWait({ ...base, rank: 2, service_time: { a: 60, b: 121 }, service_ids: [] })).toBe(91);
    expect(estimateWait({ ...base, rank: 2 })).toBe(DEFAULT_SERVICE_SECONDS);
    expect(estimateWait({ ...base, rank: 9, position_only: true, service_time: { a: 60 }, service_ids: ['a'] })).toBe(60);
  });
  it('smooths measured times, the newest weighing 30 %', () => {
    expect(smooth(undefined, 200)).toBe(200);
    expect(smooth(100, 200)).toBe(130);
  });
  it('reads in whole minutes, rounded up, and nothing when unknown', () => {
    expect(waitMinutes(0)).toBe(0);
    expect(waitMinutes(61)).toBe(2);
    expect(waitMinutes(null)).toBeNull();
    expect(waitMinutes(-5)).toBeNull();
    expect(waitMinutes(Number.NaN)).toBeNull();
  });
});

describe('the ticket actions', () => {
  const on = { onHoldEnabled: true, othersWaiting: true };
  it('offers a waiting ticket every change but end, recall and duration', () => {
    expect(ticketActions({ status: 'waiting' }, on)).toEqual([
      'urgent',
      'note',
      'member',
      'hold',
      'push_back',
      'swap',
      'redirect',
      'no_show',
      'absent',
      'revoke',
    ]);
  });
  it('offers swap only with another ticket waiting, and hold only where the queue allows it', () => {
    const off = { onHoldEnabled: false, othersWaiting: false };
    expect(ticketActions({ status: 'waiting' }, off)).not.toEqual(expect.arrayContaining(['swap']));
    expect(ticketActions({ status: 'waiting' }, off)).not.toContain('hold');
    expect(ticketActions({ status: 'in_service' }, off)).not.toContain('hold');
  });
  it('ends and times a ticket at a counter; recalls a ticket on hold', () => {
    expect(ticketActions({ status: 'in_service' }, on)).toEqual(['end', 'note', 'duration', 'hold', 'push_back', 'redirect', 'no_show', 'absent', 'revoke']);
    expect(ticketActions({ status: 'on_hold' }, on)).toEqual(['recall', 'urgent', 'note', 'member', 'redirect', 'no_show', 'absent', 'revoke']);
  });
  it('offers nothing once the ticket has left the live list', () => {
    for (const status of ['ended', 'no_show', 'revoked', 'redirected', 'closed_at_day_end']) expect(ticketActions({ status }, on)).toEqual([]);
  });
  it('answers one action as the list does', () => {
    expect(ticketActionAllowed('end', { status: 'in_service' }, on)).toBe(true);
    expect(ticketActionAllowed('end', { status: 'waiting' }, on)).toBe(false);
    expect(ticketActionAllowed('recall', { status: 'on_hold' }, on)).toBe(true);
    expect(ticketActionAllowed('member', { status: 'in_service' }, on)).toBe(false);
  });
  it('names only known actions as final', () => {
    for (const a of FINAL_ACTIONS) expect(TICKET_ACTIONS).toContain(a);
  });
});

describe('the error answers', () => {
  it('reads the body of any answer', () => {
    expect(readErrorBody({ message: 'No', code: 'x', errors: { a: ['one', 'two'], b: 'single', c: [3] } })).toEqual({
      message: 'No',
      code: 'x',
      errors: { a: ['one', 'two'], b: ['single'] },
    });
    expect(readErrorBody(null)).toEqual({ message: null, code: null, errors: {} });
    expect(firstFieldErrors({ errors: { email: ['taken', 'x'] } })).toEqual({ email: 'taken' });
    expect(firstFieldErrors({ message: 'x' })).toBeUndefined();
    expect(firstError({ a: [], b: ['second'] })).toBe('second');
  });
  it('has a code for every status the API answers without one of its own', () => {
    expect(codeForStatus(404)).toBe('not_found');
    expect(codeForStatus(418)).toBe('error');
    expect(isErrorCode('awaiting_approval')).toBe(true);
    expect(isErrorCode('Your account is awaiting approval')).toBe(false);
  });
  it('lists each code once, the queue refusals among them', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const c of QUEUE_REFUSALS) expect(ERROR_CODES).toContain(c);
  });

  /**
   * DomainError takes only the contract's codes, so the compiler checks every call; the codes
   * written as `code: '…'` in an answer body (the HTTP layer's own) are checked here.
   */
  it('knows every code the API and the libraries write', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) files.push(path);
      }
    };
    walk(join(ROOT, 'apps', 'api', 'src'));
    walk(join(ROOT, 'libs'));
    const written = new Set<string>();
    const patterns = [
      /\b(?:conflict|badRequest)\(\s*[^;]*?,\s*'([a-z_]+)'\s*\)/g,
      /\binvalid\([^;]*?,\s*'([a-z_]+)'\s*\)/g,
      /new (?:DomainError|TooManyRequests)\(\s*[^;]*?,\s*'([a-z_]+)'/g,
      /\bcode: '([a-z_]+)'/g,
    ];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) written.add(m[1]);
    }
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((c) => !isErrorCode(c))).toEqual([]);
  });
});
