import { textErrors, busyHours, fileName, filterBody, heatmapGrid, minutes, neutralise, percent, shade, sheetRows, targetSeconds } from './model';

describe('statistics model', () => {
  it('sends only the filters that are set', () => {
    expect(filterBody({ from: '2026-11-01', to: '', queue_id: 'q1', period: 'weekly' })).toEqual({ from: '2026-11-01', queue_id: 'q1', period: 'weekly' });
    expect(filterBody({})).toEqual({});
  });

  it('writes a sheet header first, an empty cell for a missing figure', () => {
    const rows = sheetRows(
      [
        { header: 'Day', value: (r: { d: string; n: number | null }) => r.d },
        { header: 'Wait', value: (r) => r.n },
      ],
      [
        { d: '2026-11-02', n: 3.5 },
        { d: '2026-11-03', n: null },
      ],
    );
    expect(rows).toEqual([
      ['Day', 'Wait'],
      ['2026-11-02', 3.5],
      ['2026-11-03', ''],
    ]);
  });

  it('quotes a text a spreadsheet would run as a formula, not a negative number', () => {
    expect(neutralise('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralise('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutralise('-3')).toBe('-3');
    expect(neutralise(-3)).toBe(-3);
    expect(neutralise('Counter 1')).toBe('Counter 1');
  });

  it('names files safely', () => {
    expect(fileName('service-level', '2026-11-01', '2026-11-30', 'xlsx')).toBe('statistics-service-level-2026-11-01-2026-11-30.xlsx');
    expect(fileName('a/b', 'x y', '', 'csv')).toBe('statistics-a-b-x-y-.csv');
  });

  it('rounds minutes and percentages to one decimal, keeping null', () => {
    expect(minutes(615)).toBe(10.3);
    expect(minutes(null)).toBeNull();
    expect(percent(2 / 3)).toBe(66.7);
    expect(percent(undefined)).toBeNull();
  });

  it('lays the heatmap out Monday first, hours 0–23, and shows the busy hours only', () => {
    const grid = heatmapGrid([
      { weekday: 1, hour: 9, tickets: 4, average_wait_seconds: 120 },
      { weekday: 7, hour: 11, tickets: 2, average_wait_seconds: null },
      { weekday: 8, hour: 3, tickets: 9, average_wait_seconds: 1 },
    ]);
    expect(grid).toHaveLength(7);
    expect(grid[0][9]).toEqual({ tickets: 4, wait: 120 });
    expect(grid[6][11]).toEqual({ tickets: 2, wait: null });
    expect(grid.flat().reduce((s, c) => s + c.tickets, 0)).toBe(6);
    expect(busyHours(grid)).toEqual([9, 10, 11]);
    expect(busyHours(heatmapGrid([]))).toHaveLength(24);
  });

  it('shades against the busiest cell', () => {
    expect(shade(2, 4)).toBe(0.5);
    expect(shade(3, 0)).toBe(0);
  });

  it('reads the target in minutes, 1 to 240', () => {
    expect(targetSeconds('10')).toBe(600);
    expect(targetSeconds('2,5')).toBe(150);
    expect(targetSeconds('0')).toBeNull();
    expect(targetSeconds('241')).toBeNull();
    expect(targetSeconds('abc')).toBeNull();
  });

  it("words each report text's first problem by its code, English required", () => {
    const t = (key: string, o?: object) => `${key}${o ? ` ${JSON.stringify(o)}` : ''}`;
    expect(textErrors({ en: '{{title}}', fr: '', ar: '' }, t)).toEqual({});
    expect(textErrors({ en: '', fr: '{{nom}}', ar: '{{title}' }, t)).toEqual({
      'content.en': 'statistics.reports.errors.content_en',
      'content.fr': 'statistics.reports.errors.unknown_placeholder {"name":"{{nom}}","list":"title, waiting_time, total_waiting, total_counters"}',
      'content.ar': 'statistics.reports.errors.stray_brace {}',
    });
  });
});
