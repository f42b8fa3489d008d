/** The calls of the requests screen, typed by the contract. */
import type { Availability, BookingInput, BookingRequest } from '@tabour/contracts';
import { api } from './http';

const base = '/business/booking/request';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const approveRequest = (id: string, data?: Partial<BookingInput>) =>
  api<BookingRequest>(`${one(id)}/approve`, { method: 'POST', body: data ? { data } : {} });
export const declineRequest = (id: string, reason: string) => api<BookingRequest>(`${one(id)}/decline`, { method: 'DELETE', body: { reason } });

export interface SlotQuery {
  department_id: string;
  member_id: string | null;
  service_ids: string[];
  from: string;
  to: string;
}

export function freeSlots(q: SlotQuery): Promise<Availability> {
  const params = new URLSearchParams({ dep: q.department_id, from: q.from, to: q.to });
  if (q.member_id) params.set('selected_member', q.member_id);
  if (q.service_ids.length) params.set('service_ids', q.service_ids.join(','));
  return api<Availability>(`/business/booking/available/?${params.toString()}`);
}
