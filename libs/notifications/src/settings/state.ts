import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS, type NotificationSettings } from '@tabour/contracts';
import type { SmsPreferences, TemplateKey, TemplateText } from './commands';

/** A business's notification settings, templates and SMS opt-outs: one aggregate per business. */
export const notificationSettingsStream = (tenantId: string) => `notificationsettings-${tenantId}`;

export interface NotificationSettingsState {
  settings: NotificationSettings;
  sms: SmsPreferences;
  /** The business's own templates by `type/language/channel`; the others are the defaults. */
  templates: Map<string, TemplateText>;
  optedOut: Set<string>;
}

export const templateId = (k: TemplateKey) => `${k.message_type}/${k.language}/${k.channel}`;

export const initialNotificationSettingsState = (): NotificationSettingsState => ({
  settings: DEFAULT_NOTIFICATION_SETTINGS,
  sms: { enabled_types: [...DEFAULT_SMS_SETTINGS.enabled_types], fallback_to_email: DEFAULT_SMS_SETTINGS.fallback_to_email },
  templates: new Map(),
  optedOut: new Set(),
});
