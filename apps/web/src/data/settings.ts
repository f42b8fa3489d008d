/** The settings screens' calls outside react-admin's resources (SMS, payment types, rules' order, form fields). */
import type { BookingFormField, PaymentMethod, PaymentTypes } from '@tabour/contracts';
import { api } from './http';
import { readList } from './resources';

export const smsSettings = <T>() => api<T>('/business/sms/settings');
export const saveSmsSettings = <T>(body: unknown) => api<T>('/business/sms/settings', { method: 'POST', body });

export const paymentTypes = () => api<PaymentTypes>('/business/business/payment-types');
export const savePaymentTypes = (methods: readonly PaymentMethod[]) =>
  api<PaymentTypes>('/business/business/payment-types/update', { method: 'POST', body: { methods } });

export const listRules = async <T>() => readList<T>(await api('/business/rules?pagination=off')).data;
export const reorderRules = (ids: string[]) => api('/business/rules/reorder', { method: 'POST', body: { ids } });

export const listFormFields = async () => readList<BookingFormField>(await api('/business/forms?pagination=off')).data;
