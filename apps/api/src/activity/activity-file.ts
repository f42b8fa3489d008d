import * as XLSX from '@e965/xlsx';
import type { ActivityItem } from '@tabour/contracts';
import { localTime } from './describe';

const COLUMNS = ['position', 'recorded_at', 'local_time', 'actor_kind', 'actor', 'via', 'event', 'record_kind', 'record_id', 'record', 'customer', 'details'];
/** A cell a spreadsheet would read as a formula is quoted, so an exported name cannot run as one. */
const FORMULA = /^[=+\-@\t\r]/;

const cell = (v: unknown) => {
  const s = v == null ? '' : String(v);
  return FORMULA.test(s) ? `'${s}` : s;
};
/** The sentence's remaining parameters, the ones without a column of their own. */
const details = (it: ActivityItem) =>
  Object.entries(it.sentence.params)
    .filter(([k, v]) => v != null && !['actor', 'record', 'customer', 'event'].includes(k))
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('; ');

/** The log's items as a CSV (UTF-8 with its mark, so spreadsheets read accents) or XLSX file, one event a row. */
export function activitySheet(items: ActivityItem[], zone: string, format: 'csv' | 'xlsx'): Buffer {
  const aoa = [
    COLUMNS,
    ...items.map((it) =>
      [
        it.position,
        it.recorded_at,
        localTime(it.recorded_at, zone),
        it.actor.kind,
        it.actor.name,
        it.actor.via,
        it.type,
        it.record.kind,
        it.record.id,
        it.record.label,
        it.sentence.params.customer,
        details(it),
      ].map(cell),
    ),
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Activity');
  if (format === 'csv')
    return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8')]);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
