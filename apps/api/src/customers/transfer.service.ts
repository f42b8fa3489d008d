import { Injectable } from '@nestjs/common';
import * as XLSX from '@e965/xlsx';
import { Actor } from '@tabour/eventstore';
import { EXPORT_COLUMNS } from '@tabour/customers';
import { DomainError } from '@tabour/platform';
import { CustomerCommands } from './commands';
import { CustomerFilters, CustomerQueries, CustomerView } from './queries';
import { SpreadsheetReader, type Upload } from '../common/spreadsheets/reader';
import { byCustomer, checkRows, IMPORT_LIMITS, matchKeys, planRows, readHeader, type ImportReport, type Planned } from './transfer.plan';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const PARALLEL = 8;

/** A cell that a spreadsheet would run as a formula gets a quote in front (and loses it on import). */
const FORMULA = /^[=+\-@\t\r]/;
const PHONE = /^\+\d+$/;
const neutralise = (v: string) => (FORMULA.test(v) && !PHONE.test(v) ? `'${v}` : v);

/**
 * Customers in and out of spreadsheets. An import reads and checks its rows and decides which
 * customer each one is (transfer.plan.ts) before any command runs, so a file's own rows can
 * match each other.
 */
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
    const sheet = readHeader(rows);
    const business = await this.commands.business(tenantId);
    const report: ImportReport = { total_rows: 0, created: 0, updated: 0, unchanged: 0, rejected: [], unknown_columns: sheet.unknown };
    const checked = await checkRows(sheet, business, report);
    const existing = await this.queries.matches(tenantId, ...matchKeys(checked));
    const { planned, fresh } = planRows(checked, existing);
    const keys = fresh.size ? await this.commandsKeys(tenantId, [...fresh]) : new Map<string, Buffer>();
    const queue = byCustomer(planned);
    const created = new Set<string>();
    const worker = async () => {
      for (let g = queue.shift(); g; g = queue.shift()) for (const p of g) await this.apply(p, { tenantId, actor }, business, keys, created, report);
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    report.rejected.sort((a, b) => a.row - b.row);
    return report;
  }

  /**
   * One planned row as a command: the first row of a new customer registers it, every other row
   * updates. A row the domain refuses joins the report's rejected rows; any other failure stops
   * the import.
   */
  private async apply(
    p: Planned,
    ctx: { tenantId: string; actor: Actor },
    { country, today }: { country: string | null; today: string },
    keys: Map<string, Buffer>,
    created: Set<string>,
    report: ImportReport,
  ): Promise<void> {
    const tenantId = ctx.tenantId;
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
