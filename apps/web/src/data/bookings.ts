/**
 * Every call the booking screens make to the API, typed by the contract: the screens name what
 * they do (`rescheduleBooking`, `availability`) and never build an address.
 */
import type {
  Availability,
  Booking,
  BookingFormField,
  BookingInput,
  BookingSettings,
  BookingTransaction,
  BookingTransactions,
  Customer,
  PaymentMethod,
  PaymentTypes,
  Ticket,
} from '@tabour/contracts';
import { download, upload } from './files';
import { api } from './http';
import { readList } from './resources';

const business = '/business';
const bookingPath = (id: string) => `${business}/booking/${encodeURIComponent(id)}`;
const post = <T = unknown>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });
const query = (params: Record<string, string | null | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();

/** The calendar's window: local dates of the business, both inclusive. */
export interface RangeQuery {
  from: string;
  to: string;
  department_id?: string | null;
  member_id?: string | null;
}

export interface AvailabilityQuery extends RangeQuery {
  department_id: string;
  service_ids?: string[];
}

// Bookings.
export const bookingsInRange = async (q: RangeQuery) =>
  readList<Booking>(
    await post(`${business}/booking/range?pagination=off`, {
      from: q.from,
      to: q.to,
      department_id: q.department_id || undefined,
      member_id: q.member_id || undefined,
    }),
  ).data;
export const availability = (q: AvailabilityQuery) =>
  api<Availability>(
    `${business}/booking/available/?${query({ dep: q.department_id, selected_member: q.member_id, from: q.from, to: q.to, service_ids: q.service_ids?.join(',') })}`,
  );
export const getBooking = (id: string) => api<Booking>(bookingPath(id));
export const createBooking = (body: BookingInput) => api<Booking>(`${business}/booking/create`, { method: 'PUT', body });
export const updateBooking = (id: string, body: Partial<BookingInput>) => post<Booking>(`${bookingPath(id)}/update`, body);
/** A new start moves the booking; the server refuses (409) a slot that is full. */
export const rescheduleBooking = (id: string, startsAt: string) => updateBooking(id, { starts_at: startsAt });
export const cancelBooking = (id: string, reason?: string) => post<Booking>(`${bookingPath(id)}/cancel`, reason ? { reason } : {});
export const deleteBooking = (id: string) => api(`${bookingPath(id)}/delete`, { method: 'DELETE' });
export const checkinBooking = (id: string) => post<{ booking: Booking; ticket: Ticket }>(`${bookingPath(id)}/checkin`);
export const getBookingSettings = () => api<BookingSettings>(`${business}/bookingSettings`);

// What the booking dialog reads beside the bookings.
export const bookingFormFields = async () => readList<BookingFormField>(await api(`${business}/forms?pagination=off&flow=booking`)).data;
/** The first customers whose name or phone matches. */
export const searchCustomers = async (text: string) =>
  readList<Customer>(await api(`${business}/customer?page=1&per_page=10&q=${encodeURIComponent(text.trim())}`)).data;
export const createCustomer = (body: { first_name: string; last_name?: string | null; phone?: string | null }) =>
  api<Customer>(`${business}/customer/create`, { method: 'PUT', body });

// A booking's payments (their status and the rest to pay are worked out by the server from the price).
export interface PaymentInput {
  booking_id: string;
  amount: number;
  method: PaymentMethod;
  paid_on?: string | null;
  note?: string | null;
}
export const bookingPayments = (bookingId: string) => api<BookingTransactions>(`${business}/booking/transaction/${encodeURIComponent(bookingId)}`);
/** The payment methods the business accepts. */
export const getPaymentTypes = () => api<PaymentTypes>(`${business}/payment-types`);
export const addPayment = (body: PaymentInput) => api<BookingTransaction>(`${business}/booking/transaction/create`, { method: 'POST', body });
export const deletePayment = (id: string) => api(`${business}/booking/transaction/${encodeURIComponent(id)}`, { method: 'DELETE' });

export type BookingExportFormat = 'csv' | 'xlsx' | 'ics';
/** The filters the export call understands; the customer search only narrows the table. */
const EXPORT_FILTERS = ['from', 'to', 'department_id', 'member_id', 'status'] as const;

/** GET /booking/export with the table's current filters, so the file holds what the table shows. */
export function bookingsExportPath(format: BookingExportFormat, filter: Record<string, unknown>): string {
  const q = new URLSearchParams({ format });
  for (const key of EXPORT_FILTERS) {
    const v = filter[key];
    if (v !== undefined && v !== null && String(v).trim() !== '') q.set(key, String(v).trim());
  }
  return `${business}/booking/export?${q.toString()}`;
}
export const exportBookings = (format: BookingExportFormat, filter: Record<string, unknown>) =>
  download(bookingsExportPath(format, filter), `bookings.${format}`);

/** A spreadsheet of bookings to import; the answer is the row report. */
export const importBookings = (form: FormData, onProgress: (percent: number) => void) => upload(`${business}/booking/upload`, form, onProgress);
