import type { AccountSettings } from '@tabour/contracts';

export type AccountSettingsCommand = { type: 'UpdateAccountSettings'; business_id: string; changes: Partial<Record<keyof AccountSettings, unknown>> };
