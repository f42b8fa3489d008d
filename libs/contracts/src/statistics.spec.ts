import { reportTextProblems, reportTriggered } from './statistics';

describe('reporting mail rules', () => {
  it('compares a figure with the trigger, never an unknown one', () => {
    expect([
      reportTriggered('gt', 5, 5),
      reportTriggered('gte', 5, 5),
      reportTriggered('lt', 4, 5),
      reportTriggered('lte', 5, 5),
      reportTriggered('eq', 5, 5),
    ]).toEqual([false, true, true, true, true]);
    expect(reportTriggered('lt', null, 5)).toBe(false);
  });

  it('names unknown placeholders and stray braces by code', () => {
    expect(reportTextProblems('{{title}}: {{ total_waiting }}')).toEqual([]);
    expect(reportTextProblems('{{name}} and {{title}')).toEqual([{ problem: 'unknown_placeholder', name: 'name' }, { problem: 'stray_brace' }]);
    expect(reportTextProblems('a'.repeat(4001))).toEqual([{ problem: 'too_long', max: 4000 }]);
  });
});
