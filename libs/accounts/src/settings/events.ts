import type { AccountSettings } from '@tabour/contracts';

export type AccountSettingsEvent = { type: 'AccountSettingsUpdated'; data: { business_id: string; changes: Partial<AccountSettings> } };
export const ACCOUNT_SETTINGS_EVENT_TYPES = ['AccountSettingsUpdated'] as const;
