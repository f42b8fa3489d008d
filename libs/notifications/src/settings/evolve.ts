import type { NotificationSettingsEvent } from './events';
import { templateId, type NotificationSettingsState } from './state';

export function evolve(state: NotificationSettingsState, event: NotificationSettingsEvent): NotificationSettingsState {
  switch (event.type) {
    case 'NotificationSettingsChanged':
      return { ...state, settings: event.data.settings };
    case 'SmsSettingsChanged':
      return { ...state, sms: { enabled_types: event.data.enabled_types, fallback_to_email: event.data.fallback_to_email } };
    case 'MessageTemplateSaved': {
      const templates = new Map(state.templates);
      templates.set(templateId(event.data), { subject: event.data.subject, body: event.data.body });
      return { ...state, templates };
    }
    case 'MessageTemplateReset': {
      const templates = new Map(state.templates);
      templates.delete(templateId(event.data));
      return { ...state, templates };
    }
    case 'SmsNumberOptedOut':
      return { ...state, optedOut: new Set(state.optedOut).add(event.data.phone) };
    case 'SmsNumberOptedIn': {
      const optedOut = new Set(state.optedOut);
      optedOut.delete(event.data.phone);
      return { ...state, optedOut };
    }
    default:
      return state;
  }
}
