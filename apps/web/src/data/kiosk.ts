import { api, HttpError } from './http';
import { clearDeviceSession, readDeviceSession, saveAutologin, saveDeviceSession } from '../auth/deviceSession';
import type { KioskSettings, KioskState, KioskTicket } from '@tabour/contracts';

export const kioskSession = () => readDeviceSession<KioskSettings>('kiosk');

/** A call of the kiosk with its own token; a 401 means its session has ended (logout, reset, made inactive). */
export function kioskCall<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  return api<T>(`/kiosk${path}`, { method, body, token: kioskSession()?.token ?? null });
}

/** Logs the kiosk in and keeps its session; an auto-login token is kept for a later remote auto-login. */
export async function kioskLogin(body: { key: string; secret: string } | { token: string }): Promise<KioskState & { token: string }> {
  const answer = await api<KioskState & { token: string }>('/kiosk/auth', { method: 'POST', body, anonymous: true });
  saveDeviceSession('kiosk', { token: answer.token, device: answer.kiosk, business: answer.business });
  if ('token' in body) saveAutologin('kiosk', body.token);
  return answer;
}

export async function kioskLogout(): Promise<void> {
  try {
    await kioskCall('/logout', 'POST');
  } catch {
    // an ended session answers 401: the kiosk is logged out either way
  }
  clearDeviceSession('kiosk');
}

export const refreshKiosk = () => kioskCall<KioskState>('/refresh');
export const searchCustomer = (phone: string) =>
  kioskCall<{ customer: { id: string; first_name: string | null } | null }>('/customer/search', 'POST', { phone });
export const createCustomer = (body: Record<string, string | undefined>) =>
  kioskCall<{ customer: { id: string; first_name: string | null } }>('/customer/create', 'PUT', body);
export const joinQueue = (body: { queue_id: string; service_ids?: string[]; member_id?: string | null; customer_id?: string | null; language?: string }) =>
  kioskCall<KioskTicket>('/queue/push', 'PUT', body);

export const sessionEnded = (e: unknown) => e instanceof HttpError && e.status === 401;

/** The words of a refusal in the customer's language where the kiosk knows them, else the server's. */
export function kioskErrorKey(e: unknown, during: 'login' | 'other' = 'other'): string {
  if (!(e instanceof HttpError)) return 'kiosk.errors.network';
  const code = e.body.code;
  if (during === 'login' && e.status === 401) return 'devices.login.bad_credentials';
  if (code === 'already_waiting') return 'queues.reasons.already_waiting';
  if (code === 'queue_closed') return 'kiosk.errors.queue_closed';
  if (code === 'plan_required') return 'app.errors.plan_required';
  return e.body.message || e.message;
}
