import type { ColumnType } from 'kysely';
import { settingsRowProjection, type Decider } from '@tabour/eventstore';
import { settingsDecider, type Database } from '@tabour/platform';
import { DEFAULT_ACCOUNT_SETTINGS, NOTICE_LANGUAGES, type AccountSettings, type Language } from '@tabour/contracts';

/** The business account's settings (GET/POST /business/account/setting): stream `accountsettings-<tenant>`. */
export const accountSettingsStream = (businessId: string) => `accountsettings-${businessId}`;

export type AccountSettingsCommand = { type: 'UpdateAccountSettings'; business_id: string; changes: Partial<Record<keyof AccountSettings, unknown>> };
export type AccountSettingsEvent = { type: 'AccountSettingsUpdated'; data: { business_id: string; changes: Partial<AccountSettings> } };
export const ACCOUNT_SETTINGS_EVENT_TYPES = ['AccountSettingsUpdated'] as const;

// Deliberately loose: the DTO has already checked the shape; this only keeps impossible addresses out.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const accountSettingsDecider: Decider<AccountSettingsCommand, AccountSettings, AccountSettingsEvent> = settingsDecider({
  defaults: DEFAULT_ACCOUNT_SETTINGS,
  event: 'AccountSettingsUpdated',
  rules: {
    // Empty: back to the registration e-mail.
    contact_email: (given) => {
      const email = typeof given === 'string' ? given.trim().toLowerCase() : given;
      if (email === null || email === '') return { value: null };
      if (typeof email !== 'string' || email.length > 190 || !EMAIL.test(email)) return { error: 'Enter a valid e-mail address' };
      return { value: email };
    },
    notice_language: (given) =>
      NOTICE_LANGUAGES.includes(given as Language) ? { value: given as Language } : { error: `Choose one of: ${NOTICE_LANGUAGES.join(', ')}` },
  },
});

export interface BusinessAccountSettingsTable {
  tenant_id: string;
  contact_email: string | null;
  notice_language: string;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '@tabour/platform' {
  interface Database {
    business_account_settings: BusinessAccountSettingsTable;
  }
}

/** `business_account_settings`: one row per business once it has changed a setting (no row: the defaults). */
export const accountSettingsProjection = settingsRowProjection<AccountSettingsEvent, Database>({
  name: 'accounts.account_settings',
  table: 'business_account_settings',
  handles: ACCOUNT_SETTINGS_EVENT_TYPES,
  defaults: DEFAULT_ACCOUNT_SETTINGS,
  stamped: true,
});
