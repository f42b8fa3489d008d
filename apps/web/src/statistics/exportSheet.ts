import { neutralise } from './model';

/** Hands a blob to the browser as a download. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A chart's numbers as CSV (UTF-8 with its mark, so spreadsheet programs read Arabic headers) or
 * XLSX. Built in the browser from the figures on screen, so the file holds exactly what the
 * manager sees, headed in their language; the spreadsheet library loads on the first export only.
 */
export async function exportSheet(rows: (string | number)[][], sheet: string, name: string, format: 'csv' | 'xlsx'): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows.map((r) => r.map(neutralise))), sheet.slice(0, 31) || 'Sheet1');
  if (format === 'csv') {
    const text = XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string;
    save(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), name);
    return;
  }
  const data = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  save(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
}
