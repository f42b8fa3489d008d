import { settingsRowProjection } from '@tabour/eventstore';
import { DEFAULT_ACCOUNT_SETTINGS } from '@tabour/contracts';
import type { Database } from '@tabour/platform';
import { ACCOUNT_SETTINGS_EVENT_TYPES, type AccountSettingsEvent } from '../settings';
import '../tables';

/** `business_account_settings`: one row per business once it has changed a setting (no row: the defaults). */
export const accountSettingsProjection = settingsRowProjection<AccountSettingsEvent, Database>({
  name: 'accounts.account_settings',
  table: 'business_account_settings',
  handles: ACCOUNT_SETTINGS_EVENT_TYPES,
  defaults: DEFAULT_ACCOUNT_SETTINGS,
  stamped: true,
});
