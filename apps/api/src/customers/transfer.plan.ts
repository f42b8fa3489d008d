import { randomUUID } from 'node:crypto';
import {
  checkIdentifiable,
  CustomerInput,
  EMPTY_PERSONAL,
  FieldErrors,
  ImportField,
  mapHeaders,
  normaliseInput,
  rowToInput,
  splitFields,
} from '@tabour/customers';
import { invalid } from '@tabour/platform';
import type { SheetLimits } from '../common/spreadsheets/types';

export const MAX_IMPORT_ROWS = 50_000;
const ROWS_A_TURN = 500;

/** What one import file may hold, checked before it is parsed (docs/customers.md, "Import"). */
export const IMPORT_LIMITS: SheetLimits = { rows: MAX_IMPORT_ROWS, columns: 256, cells: 2_000_000, inflatedBytes: 50 * 1024 * 1024 };

export interface RejectedRow {
  row: number;
  reason: string;
  errors: FieldErrors;
}

export interface ImportReport {
  total_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
  unknown_columns: string[];
}

/** A row that passed its checks, with the keys it may match an existing customer by. */
export interface CheckedRow {
  row: number;
  input: CustomerInput;
  iid: string | null;
  phone: string | null;
  email: string | null;
}

/** A checked row and the customer it will register (`fresh`) or update. */
export interface Planned {
  row: number;
  input: CustomerInput;
  target: string;
  fresh: boolean;
}

/**
 * The file's header row (its first non-empty one) mapped to customer fields, and the rows under
 * it. A file with no header, no known column or too many rows is refused as a whole.
 */
export function readHeader(rows: unknown[][]) {
  const headerAt = rows.findIndex((r) => r.some((c) => String(c ?? '').trim() !== ''));
  if (headerAt < 0) throw invalid('The file has no header row', { file: ['The file has no header row'] });
  const { columns, unknown } = mapHeaders(rows[headerAt]);
  if (!columns.some((c) => c !== null))
    throw invalid('No column of the header row is a known customer field', { file: ['No column of the header row is a known customer field'] });
  const dataRows = rows.slice(headerAt + 1);
  if (dataRows.length > MAX_IMPORT_ROWS)
    throw invalid(`A file may hold at most ${MAX_IMPORT_ROWS} rows`, { file: [`A file may hold at most ${MAX_IMPORT_ROWS} rows`] });
  return { headerAt, columns: columns as (ImportField | null)[], unknown, dataRows };
}

/**
 * Each non-empty row checked as the customer form would check it: a failing row goes to the
 * report's rejected rows under its spreadsheet number, the others are returned for matching.
 */
export async function checkRows(
  sheet: ReturnType<typeof readHeader>,
  business: { country: string | null; today: string },
  report: ImportReport,
): Promise<CheckedRow[]> {
  const { headerAt, columns, dataRows } = sheet;
  const checked: CheckedRow[] = [];
  for (let i = 0; i < dataRows.length; i++) {
    // Checking rows is CPU alone: other requests get the event loop between batches.
    if (i > 0 && i % ROWS_A_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const cells = dataRows[i];
    const row = headerAt + i + 2; // 1-based, as the spreadsheet numbers it
    if (!cells.some((c) => String(c ?? '').trim() !== '')) continue;
    report.total_rows++;
    const input = rowToInput(columns, cells);
    const errors: FieldErrors = {};
    const fields = normaliseInput(input, business.country, errors, business.today);
    checkIdentifiable({ ...EMPTY_PERSONAL, ...splitFields(fields).personal }, errors);
    const first = Object.values(errors)[0]?.[0];
    if (first) report.rejected.push({ row, reason: first, errors });
    else checked.push({ row, input, iid: fields.internal_id ?? null, phone: fields.phone ?? null, email: fields.email ?? null });
  }
  return checked;
}

/** The distinct keys the checked rows may match existing customers by, for one read of the customers. */
export function matchKeys(checked: CheckedRow[]): [string[], string[], string[]] {
  const distinct = (pick: (c: CheckedRow) => string | null) => [...new Set(checked.map(pick).filter((v): v is string => !!v))];
  return [distinct((c) => c.iid), distinct((c) => c.phone), distinct((c) => c.email)];
}

/**
 * Which customer each row is: the one it matches by internal id, else phone, else e-mail, in the
 * business or earlier in the file; a row matching none is a new customer with a new id. The
 * first customer to hold a key keeps it.
 */
export function planRows(
  checked: CheckedRow[],
  existing: { id: string; internal_id: string | null; phone: string | null; email: string | null }[],
): { planned: Planned[]; fresh: Set<string> } {
  const byIid = new Map<string, string>();
  const byPhone = new Map<string, string>();
  const byEmail = new Map<string, string>();
  const remember = (id: string, iid: string | null, phone: string | null, email: string | null) => {
    if (iid && !byIid.has(iid)) byIid.set(iid, id);
    if (phone && !byPhone.has(phone)) byPhone.set(phone, id);
    if (email && !byEmail.has(email)) byEmail.set(email, id);
  };
  for (const c of existing) remember(c.id, c.internal_id, c.phone, c.email);

  const planned: Planned[] = [];
  const fresh = new Set<string>();
  for (const c of checked) {
    const match = (c.iid && byIid.get(c.iid)) || (c.phone && byPhone.get(c.phone)) || (c.email && byEmail.get(c.email)) || null;
    const target = match ?? randomUUID();
    const isNew = !match;
    if (isNew) fresh.add(target);
    planned.push({ row: c.row, input: c.input, target, fresh: isNew });
    remember(target, c.iid, c.phone, c.email);
  }
  return { planned, fresh };
}

/** Rows of one customer run in file order; different customers run side by side. */
export function byCustomer(planned: Planned[]): Planned[][] {
  const groups = new Map<string, Planned[]>();
  for (const p of planned) (groups.get(p.target) ?? groups.set(p.target, []).get(p.target)!).push(p);
  return [...groups.values()];
}
