import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { bookingDecider, bookingPersonalData, bookingStream, type BookingCommand, type BookingEvent } from '@tabour/bookings';
import type { BookingInput, FieldErrors } from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { departmentNames, membersOf, serviceNames } from '@tabour/organisation';
import { Db, DomainError, invalid } from '@tabour/platform';
import { Commands } from '../common/commands';
import { DB } from '../common/tokens';
import { BusinessCalendar, BusinessDirectory } from '../organisation/calendar';
import { CustomersService } from '../customers/customers.service';
import { SpreadsheetReader, type Upload } from '../common/spreadsheets/reader';
import type { SheetLimits } from '../common/spreadsheets/types';
import { BookingsService } from './bookings.service';
import { PersonalKeys } from '../common/personal-keys';
import { mapBookingHeaders, parseBookingRow, type ImportLookups, type RowCustomer } from './transfer.map';

export const MAX_BOOKING_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_BOOKING_IMPORT_ROWS = 5_000;
/** What one import file may hold, checked before it is parsed (docs/bookings.md, "Import and export"). */
export const BOOKING_IMPORT_LIMITS: SheetLimits = { rows: MAX_BOOKING_IMPORT_ROWS, columns: 256, cells: 200_000, inflatedBytes: 25 * 1024 * 1024 };

export interface ImportRowReport {
  /** The row's number as the spreadsheet shows it (the header is row 1 when it is the first). */
  row: number;
  ok: boolean;
  /** The booking made, when ok. */
  booking_id?: string;
  errors: FieldErrors;
}

export interface BookingImportReport {
  imported: number;
  rejected: number;
  unknown_columns: string[];
  rows: ImportRowReport[];
}

const blank = (cells: unknown[]) => !cells.some((c) => String(c ?? '').trim() !== '');

/**
 * Bookings from a file: each row is one booking, made whole or not at all. A row's customer is
 * the business's customer with its internal id, else phone, else e-mail; when none matches and
 * the row names one, the customer is made with the booking, and taken back (erased) should the
 * booking then be refused (the slot filled meanwhile), so a refused row leaves nothing behind.
 */
@Injectable()
export class BookingTransferService {
  constructor(
    private readonly commands: Commands,
    @Inject(DB) private readonly db: Db,
    private readonly bookings: BookingsService,
    private readonly customers: CustomersService,
    private readonly pii: PersonalKeys,
    private readonly sheets: SpreadsheetReader,
    private readonly calendar: BusinessCalendar,
    private readonly businesses: BusinessDirectory,
  ) {}

  async importFile(tenantId: string, actor: Actor, file: Upload, notifyCustomers: boolean): Promise<BookingImportReport> {
    // Date and time cells stay numbers (serial days, fractions of a day) for the row's parser; CSV cells stay text.
    const rows = await this.sheets.read(tenantId, file, BOOKING_IMPORT_LIMITS, 'raw');
    const headerAt = rows.findIndex((r) => !blank(r));
    if (headerAt < 0) throw invalid('The file has no header row', { file: ['The file has no header row'] });
    const { columns, unknown } = mapBookingHeaders(rows[headerAt]);
    for (const needed of ['date', 'time', 'department'] as const) {
      if (!columns.includes(needed)) throw invalid(`The file has no ${needed} column`, { file: [`The file has no ${needed} column`] });
    }
    const data = rows.slice(headerAt + 1);
    if (data.length > MAX_BOOKING_IMPORT_ROWS)
      throw invalid(`A file may hold at most ${MAX_BOOKING_IMPORT_ROWS} rows`, { file: [`A file may hold at most ${MAX_BOOKING_IMPORT_ROWS} rows`] });
    const lookups = await this.lookups(tenantId);
    const report: BookingImportReport = { imported: 0, rejected: 0, unknown_columns: unknown, rows: [] };
    // One row after another, in file order: two rows for the last place of a slot get it in that order.
    for (let i = 0; i < data.length; i++) {
      if (blank(data[i])) continue;
      const row = headerAt + i + 2;
      const result = await this.importRow(tenantId, actor, columns, data[i], lookups, notifyCustomers);
      report.rows.push({ row, ...result });
      if (result.ok) report.imported++;
      else report.rejected++;
    }
    return report;
  }

  private async importRow(
    tenantId: string,
    actor: Actor,
    columns: ReturnType<typeof mapBookingHeaders>['columns'],
    cells: unknown[],
    lookups: ImportLookups,
    notify: boolean,
  ): Promise<Omit<ImportRowReport, 'row'>> {
    const { row, errors } = parseBookingRow(columns, cells, lookups);
    if (!row) return { ok: false, errors };
    const found = row.customer ? await this.findCustomer(tenantId, row.customer) : null;
    const input: BookingInput = {
      department_id: row.department_id,
      service_ids: row.service_ids,
      member_id: row.member_id,
      starts_at: row.starts_at,
      remarks: row.remarks,
      customer_id: found,
    };
    const id = randomUUID();
    const command = async (customerId: string | null): Promise<Extract<BookingCommand, { type: 'CreateBooking' }>> => {
      const withCustomer = { ...input, customer_id: customerId };
      return {
        type: 'CreateBooking',
        booking_id: id,
        business_id: tenantId,
        channel: 'import',
        input: withCustomer,
        context: (await this.bookings.context(tenantId, withCustomer, row.department_id, 'import', withCustomer.starts_at)).context,
        notify_customer: notify,
      };
    };
    let made: string | null = null;
    try {
      if (row.customer && !found) {
        // The booking's own checks first (a customer the decision will know), so a row refused for them makes no customer.
        const dry = await command(null);
        bookingDecider.decide({ ...dry, context: { ...dry.context, customer_known: true } }, { status: 'none' });
        made = (await this.customers.create(tenantId, actor, customerInput(row.customer))).id;
      }
      // Sealed as every booking is (docs/bookings.md, "Personal data in booking events").
      await this.commands.run(bookingDecider, bookingStream(id), await command(found ?? made), {
        tenantId,
        actor,
        fresh: true,
        seal: this.pii.sealer<BookingEvent>(bookingPersonalData, tenantId),
      });
      return { ok: true, booking_id: id, errors: {} };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (made) await this.customers.erase(tenantId, actor, made, 'request');
      return { ok: false, errors: err.errors && Object.keys(err.errors).length ? err.errors : { starts_at: [err.message] } };
    }
  }

  private async findCustomer(tenantId: string, c: RowCustomer): Promise<string | null> {
    for (const [column, value] of [
      ['internal_id', c.internal_id],
      ['phone', c.phone],
      ['email', c.email],
    ] as const) {
      if (!value) continue;
      const hit = await this.db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where(column, '=', value)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      if (hit) return hit.id;
    }
    return null;
  }

  private async lookups(tenantId: string): Promise<ImportLookups> {
    const [zone, business, departments, services, members] = await Promise.all([
      this.calendar.zone(tenantId),
      this.businesses.profile(tenantId),
      departmentNames(this.db, { tenantId }),
      serviceNames(this.db, { tenantId }),
      membersOf(this.db, tenantId),
    ]);
    return {
      time_zone: zone,
      country: business?.country ?? null,
      departments,
      services,
      members: members.map((m) => ({ id: m.id, name: [m.first_name, m.last_name].filter(Boolean).join(' '), email: m.email })),
    };
  }
}

function customerInput(c: RowCustomer) {
  return {
    first_name: c.first_name ?? undefined,
    last_name: c.last_name ?? undefined,
    phone: c.phone ?? undefined,
    email: c.email ?? undefined,
    internal_id: c.internal_id ?? undefined,
  };
}
