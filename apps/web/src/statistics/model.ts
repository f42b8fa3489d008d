/**
 * Pure shaping of the statistics answers for the screens: the filter sent, the rows a chart
 * draws and a sheet exports, the weekday × hour grid. Tested without a browser.
 */
import {
  REPORT_LANGUAGES,
  REPORT_PLACEHOLDERS,
  reportTextProblems,
  type HeatmapCell,
  type ReportLanguage,
  type StatisticFilter,
  type StatisticPeriod,
} from '@tabour/contracts';

/** What the filter bar holds: every field optional, '' for "all". */
export interface FilterState {
  from: string;
  to: string;
  queue_id: string;
  service_id: string;
  counter_id: string;
  member_id: string;
  department_id: string;
  period: StatisticPeriod;
}

export const CHART_TYPES = ['area', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const STAT_TABS = ['customers', 'frequency', 'time', 'services', 'logs'] as const;
export type StatTab = (typeof STAT_TABS)[number];

/** The call's body: empty fields left out, so the API applies its defaults (the last 30 days). */
export function filterBody(s: Partial<FilterState>): StatisticFilter {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(s)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out as StatisticFilter;
}

/** One column of an exported table: its header (already translated) and how a row gives its cell. */
export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null;
  /** A local date (YYYY-MM-DD): written in the reader's language on screen, kept as is in a file. */
  day?: boolean;
}

/** A table's rows as a sheet's array of arrays, header first; a missing figure is an empty cell. */
export function sheetRows<T>(columns: Column<T>[], rows: T[]): (string | number)[][] {
  return [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => c.value(r) ?? ''))];
}

/** A cell that a spreadsheet would run as a formula gets a quote in front (CSV injection). */
export function neutralise(v: string | number): string | number {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v;
}

/** The file's name: the chart's key and the range, safe on every system. */
export function fileName(chart: string, from: string, to: string, format: 'csv' | 'xlsx'): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `statistics-${safe(chart)}-${safe(from)}-${safe(to)}.${format}`;
}

/** Seconds as minutes with one decimal (what a manager reads), null kept. */
export const minutes = (seconds: number | null | undefined): number | null => (seconds === null || seconds === undefined ? null : Math.round(seconds / 6) / 10);

/** A share 0–1 as a percentage with one decimal. */
export const percent = (share: number | null | undefined): number | null => (share === null || share === undefined ? null : Math.round(share * 1000) / 10);

/** The heatmap as 7 rows (Monday first) of 24 cells; absent cells are zero. */
export function heatmapGrid(cells: HeatmapCell[]): { tickets: number; wait: number | null }[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => ({ tickets: 0, wait: null as number | null })));
  for (const c of cells) {
    if (c.weekday < 1 || c.weekday > 7 || c.hour < 0 || c.hour > 23) continue;
    grid[c.weekday - 1][c.hour] = { tickets: c.tickets, wait: c.average_wait_seconds };
  }
  return grid;
}

/** Hours worth showing: from the first to the last with any ticket (the whole day when none). */
export function busyHours(grid: { tickets: number }[][]): number[] {
  let first = 24;
  let last = -1;
  for (const row of grid)
    row.forEach((c, h) => {
      if (c.tickets > 0) {
        first = Math.min(first, h);
        last = Math.max(last, h);
      }
    });
  if (last < 0) return Array.from({ length: 24 }, (_, h) => h);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** A cell's shade, 0 (none) to 1 (the busiest cell). */
export function shade(tickets: number, max: number): number {
  return max <= 0 ? 0 : Math.min(1, tickets / max);
}

/** The target the manager types in minutes, as the seconds the API stores (1 min to 4 h), or null when unusable. */
export function targetSeconds(minutesText: string): number | null {
  const n = Number(minutesText.replace(',', '.'));
  if (!Number.isFinite(n) || n < 1 || n > 240) return null;
  return Math.round(n * 60);
}

/** Each text's first problem, worded in the interface language; English is required. */
export function textErrors(content: Record<ReportLanguage, string>, translate: (key: string, options?: object) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of REPORT_LANGUAGES) {
    const [p] = reportTextProblems(content[lang] ?? '');
    if (p)
      out[`content.${lang}`] = translate(
        `statistics.reports.errors.${p.problem}`,
        p.problem === 'unknown_placeholder' ? { name: `{{${p.name}}}`, list: REPORT_PLACEHOLDERS.join(', ') } : p.problem === 'too_long' ? { max: p.max } : {},
      );
  }
  if (!out['content.en'] && !content.en?.trim()) out['content.en'] = translate('statistics.reports.errors.content_en');
  return out;
}
