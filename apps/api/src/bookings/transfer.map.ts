import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import { addError, type FieldErrors } from '@tabour/contracts';
import { foldText, toE164 } from '@tabour/customers';

/**
 * The columns of a bookings file, in the order the export writes them; the import reads the
 * same names back (and the usual translations, compared folded as the customers' import does).
 * `status` is written for the reader and ignored on import: an imported booking enters the book.
 */
export const BOOKING_COLUMNS = [
  'date',
  'time',
  'department',
  'services',
  'member',
  'customer_phone',
  'customer_email',
  'customer_name',
  'customer_internal_id',
  'remarks',
  'status',
] as const;
export type BookingColumn = (typeof BOOKING_COLUMNS)[number];

const HEADERS: Record<BookingColumn, string[]> = {
  date: ['date', 'day', 'booking date', 'datum', 'fecha', 'data', 'дата', 'التاريخ', 'jour'],
  time: ['time', 'start', 'start time', 'slot', 'heure', 'uhrzeit', 'zeit', 'hora', 'время', 'الوقت', 'الساعة'],
  department: ['department', 'department_id', 'département', 'departement', 'service department', 'abteilung', 'departamento', 'отдел', 'القسم'],
  services: ['services', 'service', 'service_ids', 'prestations', 'leistungen', 'servicios', 'serviços', 'servicos', 'услуги', 'الخدمات', 'الخدمة'],
  member: ['member', 'member_id', 'team member', 'staff', 'membre', 'mitarbeiter', 'miembro', 'membro', 'сотрудник', 'الموظف', 'العضو'],
  customer_phone: [
    'customer_phone',
    'customer phone',
    'phone',
    'phone number',
    'téléphone',
    'telephone',
    'telefon',
    'teléfono',
    'telefone',
    'телефон',
    'الهاتف',
  ],
  customer_email: ['customer_email', 'customer email', 'email', 'e-mail', 'courriel', 'correo', 'почта', 'البريد الإلكتروني'],
  customer_name: ['customer_name', 'customer name', 'customer', 'name', 'client', 'nom', 'kunde', 'cliente', 'клиент', 'العميل', 'الاسم'],
  customer_internal_id: [
    'customer_internal_id',
    'customer internal id',
    'internal_id',
    'internal id',
    'file number',
    'identifiant interne',
    'numéro de dossier',
    'aktennummer',
    'id interno',
    'внутренний номер',
    'رقم الملف',
  ],
  remarks: [
    'remarks',
    'remark',
    'notes',
    'note',
    'comment',
    'remarques',
    'commentaire',
    'bemerkungen',
    'observaciones',
    'observações',
    'примечания',
    'ملاحظات',
  ],
  status: ['status', 'statut', 'estado', 'статус', 'الحالة'],
};

const fold = (h: string) => foldText(h.replace(/[_\-.:]+/g, ' ').replace(/\*/g, '')).trim();
const LOOKUP = new Map<string, BookingColumn>();
for (const [column, names] of Object.entries(HEADERS) as [BookingColumn, string[]][])
  for (const n of names) if (!LOOKUP.has(fold(n))) LOOKUP.set(fold(n), column);

/** Column per index of the header row; a header named twice counts once, unknown ones are listed. */
export function mapBookingHeaders(headers: unknown[]): { columns: (BookingColumn | null)[]; unknown: string[] } {
  const taken = new Set<BookingColumn>();
  const unknown: string[] = [];
  const columns = headers.map((h) => {
    const text = h == null ? '' : String(h);
    const column = LOOKUP.get(fold(text)) ?? null;
    if (column && !taken.has(column)) {
      taken.add(column);
      return column;
    }
    if (text.trim()) unknown.push(text.trim());
    return null;
  });
  return { columns, unknown };
}

/** A spreadsheet's date cell is a serial day number; a time cell the fraction of a day. */
function dateText(v: unknown): string | null {
  if (typeof v === 'number' && v >= 1) {
    const d = XLSX.SSF.parse_date_code(v);
    return d ? `${d.y}-${pad(d.m)}-${pad(d.d)}` : null;
  }
  const s = String(v ?? '').trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return `${m[1]}-${pad(+m[2])}-${pad(+m[3])}`;
  // Day first, as every language the product speaks writes it (31/12/2026, 31.12.2026).
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${pad(+m[2])}-${pad(+m[1])}`;
  return null;
}

function timeText(v: unknown): string | null {
  if (typeof v === 'number' && v >= 0 && v < 1) {
    const minutes = Math.round(v * 1440);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const m = /^(\d{1,2})[:h.](\d{2})(?::\d{2})?$/.exec(String(v ?? '').trim());
  return m && +m[1] < 24 && +m[2] < 60 ? `${pad(+m[1])}:${pad(+m[2])}` : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const text = (v: unknown) => (v == null ? '' : String(v).trim());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the business has, to turn names in a file into ids. */
export interface ImportLookups {
  time_zone: string;
  country: string | null;
  departments: { id: string; name: string }[];
  services: { id: string; name: string }[];
  members: { id: string; name: string; email: string | null }[];
}

/** The customer a row names: found by internal id, then phone, then e-mail; made from these when none matches. */
export interface RowCustomer {
  internal_id: string | null;
  phone: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

export interface ParsedRow {
  department_id: string;
  service_ids: string[];
  member_id: string | null;
  starts_at: string;
  remarks: string | null;
  customer: RowCustomer | null;
}

/** Finds by id or by name (folded: case and accents do not matter); null when none or several match. */
function resolve<T extends { id: string; name: string }>(items: T[], value: string, extra?: (item: T) => string | null): string | null {
  if (UUID.test(value)) return items.find((i) => i.id === value.toLowerCase())?.id ?? null;
  const wanted = foldText(value);
  const found = items.filter((i) => foldText(i.name) === wanted || (extra && extra(i) !== null && foldText(extra(i)!) === wanted));
  return found.length === 1 ? found[0].id : null;
}

/**
 * One data row checked and turned into ids: the errors name the row's columns, so the report
 * says what to fix. The start is the row's wall-clock time in the business's zone; a time the
 * clocks skip (spring forward) does not exist there and is refused rather than moved.
 */
export function parseBookingRow(columns: (BookingColumn | null)[], cells: unknown[], lookups: ImportLookups): { row: ParsedRow | null; errors: FieldErrors } {
  const raw: Partial<Record<BookingColumn, unknown>> = {};
  columns.forEach((c, i) => {
    if (c) raw[c] = cells[i];
  });
  const errors: FieldErrors = {};
  const given = dateText(raw.date);
  const date = given && DateTime.fromISO(given).isValid ? given : null;
  const time = timeText(raw.time);
  if (!date) addError(errors, 'date', 'Enter the date as YYYY-MM-DD');
  if (!time) addError(errors, 'time', 'Enter the time as HH:mm');
  let startsAt: string | null = null;
  if (date && time) {
    const local = DateTime.fromISO(`${date}T${time}`, { zone: lookups.time_zone });
    if (!local.isValid) addError(errors, 'date', 'Enter a valid date');
    else if (local.toFormat('yyyy-MM-dd HH:mm') !== `${date} ${time}`)
      addError(errors, 'time', 'This time does not exist on that day in the business’s time zone');
    else startsAt = local.toISO({ suppressMilliseconds: true });
  }

  const departmentText = text(raw.department);
  const departmentId = departmentText ? resolve(lookups.departments, departmentText) : null;
  if (!departmentText) addError(errors, 'department', 'The department is required');
  else if (!departmentId) addError(errors, 'department', `Unknown department: ${departmentText}`);

  const serviceIds: string[] = [];
  for (const name of text(raw.services)
    .split(/[,;|]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const id = resolve(lookups.services, name);
    if (!id) addError(errors, 'services', `Unknown service: ${name}`);
    else if (!serviceIds.includes(id)) serviceIds.push(id);
  }

  const memberText = text(raw.member);
  const memberId = memberText ? resolve(lookups.members, memberText, (m) => m.email) : null;
  if (memberText && !memberId) addError(errors, 'member', `Unknown team member: ${memberText}`);

  const phoneText = text(raw.customer_phone);
  const phone = phoneText ? toE164(phoneText, lookups.country) : null;
  if (phoneText && !phone) addError(errors, 'customer_phone', 'Enter a valid phone number');
  const email = text(raw.customer_email).toLowerCase() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) addError(errors, 'customer_email', 'Enter a valid e-mail address');
  const name = text(raw.customer_name);
  const [first, ...rest] = name.split(/\s+/).filter(Boolean);
  const internalId = text(raw.customer_internal_id) || null;
  const customer: RowCustomer | null =
    internalId || phone || email || name
      ? { internal_id: internalId, phone, email, first_name: first ?? null, last_name: rest.length ? rest.join(' ') : null }
      : null;

  const remarks = text(raw.remarks) || null;
  if (remarks && remarks.length > 1000) addError(errors, 'remarks', 'The remarks may have at most 1000 characters');
  if (Object.keys(errors).length) return { row: null, errors };
  return { row: { department_id: departmentId!, service_ids: serviceIds, member_id: memberId, starts_at: startsAt!, remarks, customer }, errors };
}

/** The cells of one booking as the export writes them (and the import reads them back). */
export interface ExportRow {
  date: string;
  time: string;
  department: string;
  services: string[];
  member: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  customer_name: string | null;
  customer_internal_id: string | null;
  remarks: string | null;
  status: string;
}

export const exportCells = (r: ExportRow): string[] =>
  BOOKING_COLUMNS.map((c) => {
    const v = r[c];
    return Array.isArray(v) ? v.join(', ') : (v ?? '');
  });
