/** The customer screens' calls beyond react-admin's verbs (docs/customers.md), typed by the contract. */
import type { Attachment, Booking, Page } from '@tabour/contracts';
import { download, exportPath, upload } from './files';
import { api } from './http';

const C = '/business/customer';
const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });

const notifyCustomers = (body: { customer_ids: readonly (string | number)[]; channel: 'email' | 'sms'; message: string; subject?: string }) =>
  post<{ sent: number }>(`${C}/notify`, body);
/** The next free internal id, for a new customer. */
const nextInternalId = () => post<{ internal_id: string }>(`${C}/next_iid`);
/** Moves a customer to a category's book (BASIC: out of the one it is in). */
const moveToBook = (customerId: string, from: string | null | undefined, to: string) =>
  to === 'BASIC' ? api(`${C}/book/${from}/remove/${customerId}`, { method: 'DELETE' }) : api(`${C}/book/${to}/add/${customerId}`, { method: 'PUT' });

/** A customer's bookings to come (`next`) or past, a page at a time. */
const customerBookings = (kind: 'next' | 'past', customerId: string, page: number) =>
  post<Page<Booking>>(kind === 'next' ? `${C}/bookings` : `${C}/archiveBookings`, { customer_id: customerId, page });
/** A customer's past tickets, a page at a time. */
const customerTickets = <Row>(customerId: string, page: number) => post<{ data: Row[]; total: number }>(`${C}/archiveQueue`, { customer_id: customerId, page });

const listAttachments = async (customerId: string) => (await api<{ data: Attachment[] }>(`${C}/${customerId}/attachments`)).data;

export const addAttachment = (form: FormData, onProgress: (percent: number) => void) => upload(`${C}/attachments/add`, form, onProgress);
const deleteAttachment = (id: string) => api(`${C}/attachment/${id}/delete`);
export const downloadAttachment = (id: string, name: string) => download(`${C}/attachment/${id}`, name);

/** The list as a spreadsheet, with its filters and sort. */
export const exportCustomers = (format: 'csv' | 'xlsx', filter: Record<string, unknown>, sort: { field: string; order: string } | undefined, name: string) =>
  download(exportPath(format, filter, sort), name);
export const importCustomers = <T>(form: FormData, onProgress: (percent: number) => void) => upload<T>(`${C}/upload`, form, onProgress);

/** Called through the data provider (`useDataProvider`), as react-admin's verbs. */
export const customerCalls = { notifyCustomers, nextInternalId, moveToBook, customerBookings, customerTickets, listAttachments, deleteAttachment };
