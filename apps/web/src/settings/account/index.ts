/** The account tabs that /settings/general shows (docs/account-settings.md). */
export { AccountTab } from './AccountTab';
export { PrivacyTab } from './PrivacyTab';
