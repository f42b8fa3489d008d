import { isDeepStrictEqual } from 'node:util';
import { throwIfAny } from '@tabour/platform';
import { checkNotificationSettings, checkSmsPreferences, checkTemplateKey, checkTemplateText, normalisePhone } from './checks';
import type { NotificationSettingsCommand } from './commands';
import type { NotificationSettingsEvent } from './events';
import { templateId, type NotificationSettingsState } from './state';

function phoneOf(command: { phone: string; country?: string | null }): string {
  const phone = normalisePhone(command.phone, command.country);
  if (!phone) throwIfAny({ phone: ['Enter a valid phone number, with its country code (+216…)'] });
  return phone as string;
}

export function decide(command: NotificationSettingsCommand, state: NotificationSettingsState): NotificationSettingsEvent[] {
  const business_id = command.business_id;
  switch (command.type) {
    case 'ChangeNotificationSettings': {
      const settings = checkNotificationSettings(state.settings, command.input);
      return isDeepStrictEqual(settings, state.settings) ? [] : [{ type: 'NotificationSettingsChanged', data: { business_id, settings } }];
    }
    case 'ChangeSmsSettings': {
      const sms = checkSmsPreferences(state.sms, command.input);
      return isDeepStrictEqual(sms, state.sms) ? [] : [{ type: 'SmsSettingsChanged', data: { business_id, ...sms } }];
    }
    case 'SaveMessageTemplate': {
      const key = checkTemplateKey(command.key.message_type, command.key.language, command.key.channel);
      const text = checkTemplateText(key, command.subject, command.body);
      const current = state.templates.get(templateId(key));
      if (current && isDeepStrictEqual(current, text)) return [];
      return [{ type: 'MessageTemplateSaved', data: { business_id, ...key, ...text } }];
    }
    case 'ResetMessageTemplate': {
      const key = checkTemplateKey(command.key.message_type, command.key.language, command.key.channel);
      return state.templates.has(templateId(key)) ? [{ type: 'MessageTemplateReset', data: { business_id, ...key } }] : [];
    }
    case 'OptOutSmsNumber': {
      const phone = phoneOf(command);
      return state.optedOut.has(phone) ? [] : [{ type: 'SmsNumberOptedOut', data: { business_id, phone } }];
    }
    case 'OptInSmsNumber': {
      const phone = phoneOf(command);
      return state.optedOut.has(phone) ? [{ type: 'SmsNumberOptedIn', data: { business_id, phone } }] : [];
    }
  }
}
