/** The business's own settings (/settings/business), typed by the contract. */
import type { Business } from '@tabour/contracts';
import { api } from './http';
import { readList } from './resources';

/** The parts of /settings/business that save apart, each by its own call. */
export const BUSINESS_PARTS = {
  basic: '/business/update',
  location: '/business/location/update',
  days: '/business/workingdays/update',
  translations: '/business/translations/update',
} as const;
export type BusinessPart = keyof typeof BUSINESS_PARTS;

export const businessCalls = {
  businessInfo: () => api<Business>('/business/info'),
  industries: async () => readList<{ id: string; name: string }>(await api('/business/industry')).data,
  countries: async () => readList<{ code: string; name: string }>(await api('/business/countries')).data,
  saveBusiness: (part: BusinessPart, body: unknown) => api<Business>(BUSINESS_PARTS[part], { method: 'POST', body }),
};
