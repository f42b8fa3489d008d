export { SmsSettingsPage, MessageStatusChip } from './SmsSettings';
