import * as XLSX from '@e965/xlsx';
import ical, { ICalEventStatus } from 'ical-generator';
import type { BookingStatus } from '@tabour/contracts';
import { BOOKING_COLUMNS, exportCells, type ExportRow } from './transfer.map';

/** A cell a spreadsheet would run as a formula gets a quote in front (the import reads it back without). */
const FORMULA = /^[=+\-@\t\r]/;
const PHONE = /^\+\d+$/;
const neutralise = (v: string) => (FORMULA.test(v) && !PHONE.test(v) ? `'${v}` : v);

/** The bookings as a CSV (UTF-8 with its mark, for spreadsheet programs) or XLSX file the import reads back. */
export function bookingSheet(rows: ExportRow[], format: 'csv' | 'xlsx'): Buffer {
  const aoa = [[...BOOKING_COLUMNS] as string[], ...rows.map(exportCells)].map((r) => r.map(neutralise));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Bookings');
  if (format === 'csv')
    return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8')]);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export interface CalendarEntry {
  id: string;
  starts_at: Date;
  ends_at: Date;
  status: BookingStatus;
  summary: string;
  description: string | null;
  location: string | null;
}

const STATUS: Partial<Record<BookingStatus, ICalEventStatus>> = { pending: ICalEventStatus.TENTATIVE, cancelled: ICalEventStatus.CANCELLED };

/**
 * An iCalendar file (RFC 5545) of the bookings. Starts and ends are written as UTC instants,
 * which every calendar program shows in its own zone without a VTIMEZONE block; the
 * business's zone is named (X-WR-TIMEZONE) for the programs that group by it. The booking's
 * id is the event's UID, so importing the file again updates instead of duplicating.
 */
export function bookingCalendar(entries: CalendarEntry[], business: { name: string; time_zone: string; host: string }): Buffer {
  // The calendar's own timezone option would write floating local times without a VTIMEZONE
  // block; the zone is only named, and every time stays a UTC instant.
  const calendar = ical({ name: business.name, prodId: { company: 'Tabour', product: 'Bookings', language: 'EN' } });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: business.time_zone }]);
  for (const e of entries) {
    calendar.createEvent({
      id: `${e.id}@${business.host}`,
      start: e.starts_at,
      end: e.ends_at,
      summary: e.summary,
      description: e.description,
      location: e.location,
      status: STATUS[e.status] ?? ICalEventStatus.CONFIRMED,
    });
  }
  return Buffer.from(calendar.toString(), 'utf8');
}
