/** The settings screens' calls outside react-admin's resources (SMS, payment types, rules' order, form fields). */
import type { BookingFormField, PaymentMethod, PaymentTypes, SmsSettings, SmsSettingsAnswer } from '@tabour/contracts';
import { download } from './files';
import { api } from './http';
import { readList } from './resources';

export const smsSettings = () => api<SmsSettingsAnswer>('/business/sms/settings');
export const saveSmsSettings = (body: SmsSettings) => api<SmsSettingsAnswer>('/business/sms/settings', { method: 'POST', body });

/** The SMS export call with the list's current filters (empty ones left out). */
export function smsExportPath(format: 'csv' | 'xlsx', filters: Record<string, unknown>): string {
  const q = new URLSearchParams({ format });
  for (const key of ['status', 'message_type', 'from', 'to', 'destination'])
    if (filters[key] !== undefined && filters[key] !== null && filters[key] !== '') q.set(key, String(filters[key]));
  return `/business/sms/transactions/export?${q}`;
}
export const exportSmsTransactions = (format: 'csv' | 'xlsx', filters: Record<string, unknown>) => download(smsExportPath(format, filters), `sms.${format}`);

export const paymentTypes = () => api<PaymentTypes>('/business/business/payment-types');
export const savePaymentTypes = (methods: readonly PaymentMethod[]) =>
  api<PaymentTypes>('/business/business/payment-types/update', { method: 'POST', body: { methods } });

export const listRules = async <T>() => readList<T>(await api('/business/rules?pagination=off')).data;
export const reorderRules = (ids: string[]) => api('/business/rules/reorder', { method: 'POST', body: { ids } });

export const listFormFields = async () => readList<BookingFormField>(await api('/business/forms?pagination=off')).data;
