import type { NotificationSettings } from '@tabour/contracts';
import type { SmsPreferences, TemplateKey, TemplateText } from './commands';

type Business = { business_id: string };

export type NotificationSettingsEvent =
  | { type: 'NotificationSettingsChanged'; data: Business & { settings: NotificationSettings } }
  | { type: 'SmsSettingsChanged'; data: Business & SmsPreferences }
  | { type: 'MessageTemplateSaved'; data: Business & TemplateKey & TemplateText }
  | { type: 'MessageTemplateReset'; data: Business & TemplateKey }
  | { type: 'SmsNumberOptedOut'; data: Business & { phone: string } }
  | { type: 'SmsNumberOptedIn'; data: Business & { phone: string } };

export const NOTIFICATION_SETTINGS_EVENT_TYPES = [
  'NotificationSettingsChanged',
  'SmsSettingsChanged',
  'MessageTemplateSaved',
  'MessageTemplateReset',
  'SmsNumberOptedOut',
  'SmsNumberOptedIn',
] as const;
