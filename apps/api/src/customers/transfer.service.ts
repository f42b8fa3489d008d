import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import * as XLSX from '@e965/xlsx';
import { Actor } from '@tabour/eventstore';
import {
  checkIdentifiable,
  CustomerInput,
  EMPTY_PERSONAL,
  EXPORT_COLUMNS,
  FieldErrors,
  ImportField,
  mapHeaders,
  normaliseInput,
  rowToInput,
  splitFields,
} from '@tabour/customers';
import { DomainError, invalid } from '@tabour/platform';
import { CustomerCommands } from './commands';
import { CustomerFilters, CustomerQueries, CustomerView } from './queries';
import { SpreadsheetReader, type Upload } from '../common/spreadsheets/reader';
import type { SheetLimits } from '../common/spreadsheets/types';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
const PARALLEL = 8;
const ROWS_A_TURN = 500;

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

/** A cell that a spreadsheet would run as a formula gets a quote in front (and loses it on import). */
const FORMULA = /^[=+\-@\t\r]/;
const PHONE = /^\+\d+$/;
const neutralise = (v: string) => (FORMULA.test(v) && !PHONE.test(v) ? `'${v}` : v);

/** What one import file may hold, checked before it is parsed (docs/customers.md, "Import"). */
export const IMPORT_LIMITS: SheetLimits = { rows: MAX_IMPORT_ROWS, columns: 256, cells: 2_000_000, inflatedBytes: 50 * 1024 * 1024 };

interface Planned {
  row: number;
  input: CustomerInput;
  target: string;
  fresh: boolean;
}

@Injectable()
export class CustomerTransferService {
  constructor(
    private readonly commands: CustomerCommands,
    private readonly queries: CustomerQueries,
    private readonly sheets: SpreadsheetReader,
  ) {}

  /**
   * Imports the rows it can and reports the others by spreadsheet row number. A row is the
   * customer it matches by internal id, else phone, else e-mail (in the business or earlier in
   * the file): that customer is updated with the row's non-empty cells, so importing the same
   * file twice changes nothing the second time.
   */
  async importFile(tenantId: string, actor: Actor, file: Upload): Promise<ImportReport> {
    const rows = await this.sheets.read(tenantId, file, IMPORT_LIMITS, 'text');
    const headerAt = rows.findIndex((r) => r.some((c) => String(c ?? '').trim() !== ''));
    if (headerAt < 0) throw invalid('The file has no header row', { file: ['The file has no header row'] });
    const { columns, unknown } = mapHeaders(rows[headerAt]);
    if (!columns.some((c) => c !== null))
      throw invalid('No column of the header row is a known customer field', { file: ['No column of the header row is a known customer field'] });
    const dataRows = rows.slice(headerAt + 1);
    if (dataRows.length > MAX_IMPORT_ROWS)
      throw invalid(`A file may hold at most ${MAX_IMPORT_ROWS} rows`, { file: [`A file may hold at most ${MAX_IMPORT_ROWS} rows`] });
    const { country, today } = await this.commands.business(tenantId);

    const report: ImportReport = { total_rows: 0, created: 0, updated: 0, unchanged: 0, rejected: [], unknown_columns: unknown };
    const checked: { row: number; input: CustomerInput; iid: string | null; phone: string | null; email: string | null }[] = [];
    for (let i = 0; i < dataRows.length; i++) {
      // Checking rows is CPU alone: other requests get the event loop between batches.
      if (i > 0 && i % ROWS_A_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const cells = dataRows[i];
      const row = headerAt + i + 2; // 1-based, as the spreadsheet numbers it
      if (!cells.some((c) => String(c ?? '').trim() !== '')) continue;
      report.total_rows++;
      const input = rowToInput(columns as (ImportField | null)[], cells);
      const errors: FieldErrors = {};
      const fields = normaliseInput(input, country, errors, today);
      checkIdentifiable({ ...EMPTY_PERSONAL, ...splitFields(fields).personal }, errors);
      const first = Object.values(errors)[0]?.[0];
      if (first) report.rejected.push({ row, reason: first, errors });
      else checked.push({ row, input, iid: fields.internal_id ?? null, phone: fields.phone ?? null, email: fields.email ?? null });
    }

    const existing = await this.queries.matches(
      tenantId,
      [...new Set(checked.map((c) => c.iid).filter((v): v is string => !!v))],
      [...new Set(checked.map((c) => c.phone).filter((v): v is string => !!v))],
      [...new Set(checked.map((c) => c.email).filter((v): v is string => !!v))],
    );
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

    // Rows of one customer run in file order; different customers run side by side.
    const groups = new Map<string, Planned[]>();
    for (const p of planned) (groups.get(p.target) ?? groups.set(p.target, []).get(p.target)!).push(p);
    const keys = fresh.size ? await this.commandsKeys(tenantId, [...fresh]) : new Map<string, Buffer>();
    const queue = [...groups.values()];
    const created = new Set<string>();
    const worker = async () => {
      for (let g = queue.shift(); g; g = queue.shift()) {
        for (const p of g) {
          const ctx = { tenantId, actor };
          try {
            if (p.fresh && !created.has(p.target)) {
              await this.commands.run(
                { type: 'RegisterCustomer', customer_id: p.target, business_id: tenantId, country, today, input: p.input, via: 'import' },
                ctx,
                { fresh: true, key: keys.get(p.target) },
              );
              created.add(p.target);
              report.created++;
            } else {
              const { events } = await this.commands.run(
                { type: 'UpdateCustomer', customer_id: p.target, business_id: tenantId, country, today, input: p.input },
                ctx,
                {
                  key: keys.get(p.target),
                },
              );
              if (events.length) report.updated++;
              else report.unchanged++;
            }
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            report.rejected.push({ row: p.row, reason: err.message, errors: err.errors ?? {} });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    report.rejected.sort((a, b) => a.row - b.row);
    return report;
  }

  private commandsKeys(tenantId: string, ids: string[]) {
    return this.commands.keys.ensure(tenantId, ids);
  }

  /** The customers as a CSV or XLSX file whose columns the import reads back. */
  async exportFile(tenantId: string, filters: CustomerFilters, format: 'csv' | 'xlsx'): Promise<Buffer> {
    const country = filters.q ? await this.commands.country(tenantId) : null;
    const customers = await this.queries.all(tenantId, filters, country);
    const aoa: string[][] = [[...EXPORT_COLUMNS], ...customers.map((c) => EXPORT_COLUMNS.map((k) => cell(c, k)))];
    const sheet = XLSX.utils.aoa_to_sheet(format === 'csv' ? aoa.map((r) => r.map(neutralise)) : aoa);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, 'Customers');
    if (format === 'csv')
      return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8')]);
    return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  }
}

function cell(c: CustomerView, key: (typeof EXPORT_COLUMNS)[number]): string {
  const v = (c as unknown as Record<string, unknown>)[key];
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}
