import { Inject, Injectable } from '@nestjs/common';
import { AppConfig, Db } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { OrganisationQueries } from '../organisation/queries';
import { bookingCalendar, bookingSheet } from './export.format';
import { calendarEntry, exportedBookings, serviceNamer, sheetRow, type ExportFilters } from './export.rows';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'ics'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The book as a file: CSV and XLSX with the columns the import reads back, or an iCalendar file. */
@Injectable()
export class BookingExportService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organisation: OrganisationQueries,
  ) {}

  async file(tenantId: string, format: ExportFormat, f: ExportFilters): Promise<Buffer> {
    const rows = await exportedBookings(this.db, tenantId, f);
    const serviceNames = await serviceNamer(this.db, tenantId, rows);
    if (format === 'ics') {
      const business = await this.organisation.business(tenantId);
      const entries = rows.map((r) => calendarEntry(r, serviceNames));
      return bookingCalendar(entries, { name: business.name, time_zone: business.time_zone ?? 'UTC', host: new URL(this.config.publicUrl).hostname });
    }
    return bookingSheet(
      rows.map((r) => sheetRow(r, serviceNames)),
      format,
    );
  }
}
