import type { AccountSettings, AccountSettingsView, LegalKind, LegalText, PaymentSettings, PrivacyView, ReceivedPayments } from '@tabour/contracts';
import type { SessionUser } from '../auth/session';
import { api } from './http';

export const getAccountSettings = () => api<AccountSettingsView>('/business/account/setting');
export const saveAccountSettings = (body: Partial<AccountSettings>) => api<AccountSettingsView>('/business/account/setting/update', { method: 'POST', body });

export const getPrivacy = () => api<PrivacyView>('/business/privacy');
export const savePrivacy = (body: Partial<Pick<PrivacyView, 'delete_history_daily' | 'hide_customer_names'>>) =>
  api<PrivacyView>('/business/privacy/update', { method: 'POST', body });
export const savePublished = (published: boolean) => api<PrivacyView>('/business/publish/update', { method: 'POST', body: { published } });
export const deleteHistory = () => api<{ customers_erased: number }>('/business/history/delete', { method: 'DELETE' });
export const deleteAccount = (body: { password: string; confirmation: string }) => api<{ deleted: true }>('/business/delete', { method: 'DELETE', body });

export const getLegal = (kind: LegalKind) => api<LegalText>(`/business/${kind}/current`);
export const getLegalDefault = (kind: LegalKind) => api<LegalText>(`/business/${kind}/default`);
export const getLegalVersions = (kind: LegalKind) => api<{ data: LegalText[] }>(`/business/${kind}/versions`);
export const addLegal = (kind: LegalKind, content: string) => api<LegalText>(`/business/${kind}/add`, { method: 'POST', body: { content } });

export const getPaymentSettings = () => api<PaymentSettings>('/business/myliberrex');
export const savePaymentSettings = (body: Partial<PaymentSettings>) => api<PaymentSettings>('/business/myliberrex/update', { method: 'POST', body });

export interface PaymentFilters {
  from?: string;
  to?: string;
  method?: string;
  status?: string;
  department_id?: string;
}

/** One page of received payments, or every one (`page: 'all'`) for an export. */
export function getReceivedPayments(filters: PaymentFilters, page: number | 'all', perPage = 25) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (page === 'all') q.set('pagination', 'off');
  else {
    q.set('page', String(page));
    q.set('per_page', String(perPage));
  }
  return api<ReceivedPayments>(`/business/booking/payments?${q}`);
}

/** The signed-in member's own profile and password (/profile). */
export const updateAccount = (body: unknown) => api<SessionUser>('/business/account/update', { method: 'POST', body });
export const updatePassword = (body: unknown) => api('/business/account/password/update', { method: 'POST', body });
