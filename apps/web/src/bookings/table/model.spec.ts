import { readImportReport } from './model';

describe('the import report', () => {
  it('reads the counts and each row with its errors', () => {
    const report = readImportReport({
      imported: 1,
      rejected: 1,
      unknown_columns: ['colour'],
      rows: [
        { row: 2, ok: true, errors: [] },
        { row: 3, ok: false, errors: ['no available slots on this date'] },
      ],
    });
    expect(report).toEqual({
      imported: 1,
      rejected: 1,
      unknown_columns: ['colour'],
      rows: [
        { row: 2, ok: true, errors: [] },
        { row: 3, ok: false, errors: ['no available slots on this date'] },
      ],
    });
  });
  it('words errors keyed by column and counts from the rows when the totals are missing', () => {
    const report = readImportReport({ rows: [{ row: 4, ok: false, errors: { starts_at: ['is required'] } }, { ok: true }] });
    expect(report.imported).toBe(1);
    expect(report.rejected).toBe(1);
    expect(report.rows[0].errors).toEqual(['starts_at: is required']);
    expect(report.rows[1]).toEqual({ row: 2, ok: true, errors: [] });
  });
  it('reads an empty answer as nothing imported', () => {
    expect(readImportReport(null)).toEqual({ imported: 0, rejected: 0, unknown_columns: [], rows: [] });
  });
});
