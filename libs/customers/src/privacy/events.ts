import type { PrivacySettings } from './state';

export type PrivacyEvent =
  | { type: 'PrivacySettingsUpdated'; data: { business_id: string; changes: Partial<PrivacySettings> } }
  | { type: 'BusinessHistoryDeleted'; data: { business_id: string; customers_erased: number; trigger: 'staff' | 'schedule' } }
  | { type: 'BusinessAccountDeleted'; data: { business_id: string; customers_erased: number } };

export const PRIVACY_EVENT_TYPES = ['PrivacySettingsUpdated', 'BusinessHistoryDeleted', 'BusinessAccountDeleted'] as const;
