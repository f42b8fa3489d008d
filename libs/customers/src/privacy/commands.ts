import type { PrivacySettings } from './state';

export type PrivacyCommand =
  | { type: 'UpdatePrivacy'; business_id: string; changes: Partial<Record<keyof PrivacySettings, unknown>> }
  | { type: 'RecordHistoryDeleted'; business_id: string; customers_erased: number; trigger: 'staff' | 'schedule' }
  | { type: 'RecordAccountDeleted'; business_id: string; customers_erased: number };
