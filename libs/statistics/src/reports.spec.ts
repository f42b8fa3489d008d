import { evaluateTrigger, nextSummaryDue, renderReport, reportLanguage, reportText, summaryBody, summaryDay } from './reports';

const setting = { trigger_kpi: 'total_waiting' as const, trigger_operator: 'gt' as const, trigger_value: 5 };
const figures = (total_waiting: number) => ({ waiting_time: 12.25, total_waiting, total_counters: 2 });

describe('reporting mails', () => {
  it('mails when the trigger starts to hold, not while it holds, and again after it fell back', () => {
    const seen: boolean[] = [];
    let state = false;
    for (const waiting of [3, 6, 7, 5, 4, 9]) {
      const r = evaluateTrigger(state, setting, figures(waiting));
      seen.push(r.mail);
      state = r.triggered;
    }
    expect(seen).toEqual([false, true, false, false, false, true]);
  });

  it('never triggers on an unknown wait', () => {
    expect(
      evaluateTrigger(
        false,
        { trigger_kpi: 'waiting_time', trigger_operator: 'lt', trigger_value: 5 },
        { waiting_time: null, total_waiting: 0, total_counters: 0 },
      ).triggered,
    ).toBe(false);
  });

  it('fills the placeholders, spaces allowed, an unknown wait as a dash', () => {
    expect(renderReport('{{title}}: {{ waiting_time }} min, {{total_waiting}} waiting, {{total_counters}} open', 'Hall', figures(8))).toBe(
      'Hall: 12.3 min, 8 waiting, 2 open',
    );
    expect(renderReport('{{waiting_time}}', 'x', { waiting_time: null, total_waiting: 0, total_counters: 0 })).toBe('—');
  });

  it("writes in the member's language when the report has it, else English", () => {
    expect(reportLanguage('fr-CA')).toBe('fr');
    expect(reportLanguage('de')).toBe('en');
    expect(reportLanguage(null)).toBe('en');
    expect(reportText({ en: 'E', fr: '', ar: 'ع' }, 'fr')).toEqual({ language: 'en', text: 'E' });
    expect(reportText({ en: 'E', fr: '', ar: 'ع' }, 'ar')).toEqual({ language: 'ar', text: 'ع' });
  });

  it('is due at the local time every day across the autumn change in Paris (a 25-hour day)', () => {
    const first = nextSummaryDue('18:00', 'Europe/Paris', new Date('2026-10-24T12:00:00Z'));
    expect(first.toISOString()).toBe('2026-10-24T16:00:00.000Z');
    const second = nextSummaryDue('18:00', 'Europe/Paris', first);
    expect(second.toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(summaryDay(second, 'Europe/Paris')).toBe('2026-10-25');
  });

  it('moves a time the spring change skips on by the gap', () => {
    expect(nextSummaryDue('02:30', 'Europe/Paris', new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes tomorrow when today has passed', () => {
    expect(nextSummaryDue('08:00', 'Africa/Tunis', new Date('2026-11-24T09:00:00Z')).toISOString()).toBe('2026-11-25T07:00:00.000Z');
  });

  it("adds the day's figures under a summary's text, in its language", () => {
    expect(summaryBody('Hall', 'fr', { taken: 12, served: 10, no_show: 1, average_wait_seconds: 615 })).toBe(
      "Hall\n\nTickets pris : 12\nServis : 10\nAbsents à l'appel : 1\nAttente moyenne : 10.3 min",
    );
    expect(summaryBody('x', 'en', { taken: 0, served: 0, no_show: 0, average_wait_seconds: null })).toContain('Average wait: —');
  });
});
