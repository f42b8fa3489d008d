/** The bookings table's calls and the import report's reading: pure, tested without a browser. */

import type { BookingExportFormat } from '../../data/bookings';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'ics'] as const satisfies readonly BookingExportFormat[];

export interface ImportRow {
  row: number;
  ok: boolean;
  errors: string[];
}

export interface ImportReport {
  imported: number;
  rejected: number;
  /** Headers the import did not recognise: their cells were not read. */
  unknown_columns: string[];
  rows: ImportRow[];
}

/** A row's errors as lines of text, whether the API lists them or keys them by column. */
function errorLines(errors: unknown): string[] {
  if (Array.isArray(errors)) return errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  if (errors && typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>).flatMap(([field, v]) => (Array.isArray(v) ? v : [v]).map((m) => `${field}: ${String(m)}`));
  return typeof errors === 'string' && errors ? [errors] : [];
}

/** The upload's answer, read defensively: counts default to what the rows say. */
export function readImportReport(body: unknown): ImportReport {
  const b = (body ?? {}) as { imported?: unknown; rejected?: unknown; rows?: unknown; unknown_columns?: unknown };
  const rows: ImportRow[] = (Array.isArray(b.rows) ? b.rows : []).map((r: { row?: unknown; ok?: unknown; errors?: unknown }, i) => ({
    row: typeof r?.row === 'number' ? r.row : i + 1,
    ok: r?.ok === true,
    errors: errorLines(r?.errors),
  }));
  return {
    imported: typeof b.imported === 'number' ? b.imported : rows.filter((r) => r.ok).length,
    rejected: typeof b.rejected === 'number' ? b.rejected : rows.filter((r) => !r.ok).length,
    unknown_columns: Array.isArray(b.unknown_columns) ? b.unknown_columns.map(String) : [],
    rows,
  };
}

export const IMPORT_ACCEPT = '.csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
