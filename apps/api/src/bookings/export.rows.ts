import { DateTime } from 'luxon';
import { badRequest, Db, invalid } from '@tabour/platform';
import type { CalendarEntry } from './export.format';
import type { ExportRow } from './transfer.map';

/** A file is made in memory: beyond this many bookings, narrow the dates or the department. */
export const MAX_EXPORT_ROWS = 100_000;

export interface ExportFilters {
  from?: string;
  to?: string;
  department_id?: string;
  member_id?: string;
  status?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/**
 * The bookings an export holds, in time order, with the names of their department, member and
 * customer joined in: both file shapes are made from these rows. More than the cap is refused
 * rather than cut, so a file never silently lacks bookings.
 */
export async function exportedBookings(db: Db, tenantId: string, f: ExportFilters) {
  for (const key of ['from', 'to'] as const)
    if (f[key] !== undefined && (!DATE.test(f[key]!) || !DateTime.fromISO(f[key]!).isValid)) throw badRequest(`${key} must be a date (YYYY-MM-DD)`);
  let q = db
    .selectFrom('bookings as b')
    .innerJoin('departments as d', (j) => j.onRef('d.id', '=', 'b.department_id').onRef('d.tenant_id', '=', 'b.tenant_id'))
    .leftJoin('team_members as m', (j) => j.onRef('m.id', '=', 'b.member_id').onRef('m.tenant_id', '=', 'b.tenant_id'))
    .leftJoin('customers as c', (j) => j.onRef('c.id', '=', 'b.customer_id').onRef('c.tenant_id', '=', 'b.tenant_id'))
    .select([
      'b.id',
      'b.local_date',
      'b.slot',
      'b.starts_at',
      'b.ends_at',
      'b.service_ids',
      'b.remarks',
      'b.status',
      'b.phone_number',
      'd.name as department',
      'm.first_name as member_first',
      'm.last_name as member_last',
      'c.first_name as customer_first',
      'c.last_name as customer_last',
      'c.phone as customer_phone',
      'c.email as customer_email',
      'c.internal_id as customer_iid',
    ])
    .where('b.tenant_id', '=', tenantId);
  if (f.from) q = q.where('b.local_date', '>=', f.from);
  if (f.to) q = q.where('b.local_date', '<=', f.to);
  if (f.department_id) q = q.where('b.department_id', '=', f.department_id.toLowerCase());
  if (f.member_id) q = q.where('b.member_id', '=', f.member_id.toLowerCase());
  if (f.status) q = q.where('b.status', '=', f.status);
  const rows = await q
    .orderBy('b.starts_at')
    .orderBy('b.id')
    .limit(MAX_EXPORT_ROWS + 1)
    .execute();
  if (rows.length > MAX_EXPORT_ROWS)
    throw invalid(`An export may hold at most ${MAX_EXPORT_ROWS} bookings: choose fewer dates`, {
      from: [`An export may hold at most ${MAX_EXPORT_ROWS} bookings: choose fewer dates`],
    });
  return rows;
}

export type ExportedBooking = Awaited<ReturnType<typeof exportedBookings>>[number];

/** The names of the services the rows hold, read in one query; a service since deleted is left out. */
export async function serviceNamer(db: Db, tenantId: string, rows: ExportedBooking[]): Promise<(ids: string[]) => string[]> {
  const serviceIds = [...new Set(rows.flatMap((r) => r.service_ids))];
  const services = new Map(
    serviceIds.length
      ? (await db.selectFrom('services').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', serviceIds).execute()).map((s) => [
          s.id,
          s.name,
        ])
      : [],
  );
  return (ids: string[]) => ids.map((id) => services.get(id)).filter((n): n is string => !!n);
}

/** A booking as a calendar event: the customer (or the department) and services as its title. */
export function calendarEntry(r: ExportedBooking, serviceNames: (ids: string[]) => string[]): CalendarEntry {
  const customer = fullName(r.customer_first, r.customer_last);
  const names = serviceNames(r.service_ids);
  return {
    id: r.id,
    starts_at: new Date(r.starts_at),
    ends_at: new Date(r.ends_at),
    status: r.status as CalendarEntry['status'],
    summary: [customer ?? r.department, names.join(', ')].filter(Boolean).join(' — '),
    description: [fullName(r.member_first, r.member_last), r.customer_phone ?? r.phone_number, r.remarks].filter(Boolean).join('\n') || null,
    location: r.department,
  };
}

/** A booking as a sheet row, in the columns the import reads back. */
export function sheetRow(r: ExportedBooking, serviceNames: (ids: string[]) => string[]): ExportRow {
  return {
    date: String(r.local_date),
    time: r.slot,
    department: r.department,
    services: serviceNames(r.service_ids),
    member: fullName(r.member_first, r.member_last),
    customer_phone: r.customer_phone,
    customer_email: r.customer_email,
    customer_name: fullName(r.customer_first, r.customer_last),
    customer_internal_id: r.customer_iid,
    remarks: r.remarks,
    status: r.status,
  };
}
