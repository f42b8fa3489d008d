import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '@tabour/contracts';

/** The business account's settings (GET/POST /business/account/setting): stream `accountsettings-<tenant>`. */
export const accountSettingsStream = (businessId: string) => `accountsettings-${businessId}`;

/** The settings document: the defaults until the business changes one. */
export type AccountSettingsState = AccountSettings;

export const initialAccountSettings = (): AccountSettingsState => ({ ...DEFAULT_ACCOUNT_SETTINGS });
