import { isDeepStrictEqual } from 'node:util';
import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  addError,
  BOOKING_MESSAGE_TYPES,
  CHANNELS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_SMS_SETTINGS,
  isLanguage,
  isMessageType,
  LANGUAGES,
  MESSAGE_TYPES,
  QUEUE_MESSAGE_TYPES,
  type Channel,
  type FieldErrors,
  type Language,
  type MessageType,
  type NotificationSettings,
} from '@tabour/contracts';
import type { Decider } from '@tabour/eventstore';
import { throwIfAny } from '@tabour/platform';
import { templateErrors } from '../templates';

/** A business's notification settings, templates and SMS opt-outs: one aggregate per business. */
export const notificationSettingsStream = (tenantId: string) => `notificationsettings-${tenantId}`;

/** QUEUE_GET_READY is sent when this many tickets or fewer are ahead; more would warn everyone at once. */
export const GET_READY_PLACES_MAX = 50;

/**
 * The SMS settings the notifications context keeps. The sender name is the business's own
 * (`sms_sender_name` of the organisation context), so it is not repeated here.
 */
export interface SmsPreferences {
  enabled_types: MessageType[];
  fallback_to_email: boolean;
}

export interface TemplateKey {
  message_type: MessageType;
  language: Language;
  channel: Channel;
}

export interface TemplateText {
  /** The e-mail's subject or the push notification's title; null for an SMS. */
  subject: string | null;
  body: string;
}

/** A settings change as sent: any part of the settings; what is left out stays. */
export interface NotificationSettingsInput {
  channels?: Partial<Record<string, unknown>>;
  booking?: Partial<Record<string, unknown>>;
  queue?: Partial<Record<string, unknown>>;
  public?: Partial<Record<string, unknown>>;
}

type Business = { business_id: string };

export type NotificationSettingsCommand =
  | (Business & { type: 'ChangeNotificationSettings'; input: NotificationSettingsInput })
  | (Business & { type: 'ChangeSmsSettings'; input: { enabled_types?: unknown; fallback_to_email?: unknown } })
  | (Business & { type: 'SaveMessageTemplate'; key: TemplateKey; subject?: string | null; body: string })
  | (Business & { type: 'ResetMessageTemplate'; key: TemplateKey })
  /** `country` reads a number written without its international prefix (the business's country). */
  | (Business & { type: 'OptOutSmsNumber'; phone: string; country?: string | null })
  | (Business & { type: 'OptInSmsNumber'; phone: string; country?: string | null });

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

export interface NotificationSettingsState {
  settings: NotificationSettings;
  sms: SmsPreferences;
  /** The business's own templates by `type/language/channel`; the others are the defaults. */
  templates: Map<string, TemplateText>;
  optedOut: Set<string>;
}

export const templateId = (k: TemplateKey) => `${k.message_type}/${k.language}/${k.channel}`;

/** A template key from the path's words, or the 422 naming each bad part. */
export function checkTemplateKey(type: unknown, language: unknown, channel: unknown): TemplateKey {
  const errors: FieldErrors = {};
  if (!isMessageType(type)) addError(errors, 'type', `Select a valid message type (${MESSAGE_TYPES.join(', ')})`);
  if (!isLanguage(language)) addError(errors, 'language', `Select a valid language (${LANGUAGES.join(', ')})`);
  if (!(CHANNELS as readonly unknown[]).includes(channel)) addError(errors, 'channel', `Select a valid channel (${CHANNELS.join(', ')})`);
  throwIfAny(errors);
  return { message_type: type as MessageType, language: language as Language, channel: channel as Channel };
}

/** The number in E.164, read in the business's country when it has no international prefix; null when it is no number. */
export function normalisePhone(phone: unknown, country?: string | null): string | null {
  if (typeof phone !== 'string' || phone.trim() === '' || phone.length > 40) return null;
  const parsed = parsePhoneNumberFromString(phone.trim(), (country ?? undefined) as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Switches of one group (channels, booking, queue): only its known keys, each true or false. */
function mergeSwitches<K extends string>(
  group: string,
  keys: readonly K[],
  current: Record<K, boolean>,
  input: unknown,
  errors: FieldErrors,
): Record<K, boolean> {
  if (input === undefined) return current;
  if (!isRecord(input)) {
    addError(errors, group, `${group} must be an object of true or false per ${group === 'channels' ? 'channel' : 'message type'}`);
    return current;
  }
  const out = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (!(keys as readonly string[]).includes(key)) addError(errors, `${group}.${key}`, `Unknown setting; use ${keys.join(', ')}`);
    else if (typeof value !== 'boolean') addError(errors, `${group}.${key}`, 'Must be true or false');
    else out[key as K] = value;
  }
  return out;
}

function mergePublic(current: NotificationSettings['public'], input: unknown, errors: FieldErrors): NotificationSettings['public'] {
  if (input === undefined) return current;
  if (!isRecord(input)) {
    addError(errors, 'public', 'public must be an object');
    return current;
  }
  const out = { ...current };
  for (const [key, value] of Object.entries(input)) {
    switch (key) {
      case 'allow_cancel':
      case 'allow_running_late':
      case 'allow_feedback':
        if (typeof value !== 'boolean') addError(errors, `public.${key}`, 'Must be true or false');
        else out[key] = value;
        break;
      case 'get_ready_places':
        if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > GET_READY_PLACES_MAX)
          addError(errors, 'public.get_ready_places', `The number of places must be a whole number from 1 to ${GET_READY_PLACES_MAX}`);
        else out.get_ready_places = value as number;
        break;
      default:
        addError(errors, `public.${key}`, 'Unknown setting; use allow_cancel, allow_running_late, allow_feedback, get_ready_places');
    }
  }
  return out;
}

/** The whole settings after a change: each group merged key by key, every problem named. */
export function checkNotificationSettings(current: NotificationSettings, input: unknown): NotificationSettings {
  const errors: FieldErrors = {};
  if (!isRecord(input)) {
    addError(errors, 'settings', 'The settings must be an object');
    throwIfAny(errors);
  }
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!['channels', 'booking', 'queue', 'public'].includes(key)) addError(errors, key, 'Unknown setting; use channels, booking, queue, public');
  const next: NotificationSettings = {
    channels: mergeSwitches('channels', CHANNELS, current.channels, given.channels, errors),
    booking: mergeSwitches('booking', BOOKING_MESSAGE_TYPES, current.booking, given.booking, errors),
    queue: mergeSwitches('queue', QUEUE_MESSAGE_TYPES, current.queue, given.queue, errors),
    public: mergePublic(current.public, given.public, errors),
  };
  throwIfAny(errors);
  return next;
}

export function checkSmsPreferences(current: SmsPreferences, input: { enabled_types?: unknown; fallback_to_email?: unknown }): SmsPreferences {
  const errors: FieldErrors = {};
  const next = { ...current };
  if (input.enabled_types !== undefined) {
    if (!Array.isArray(input.enabled_types)) addError(errors, 'enabled_types', 'enabled_types must be a list of message types');
    else {
      const bad = input.enabled_types.filter((t) => !isMessageType(t));
      if (bad.length) addError(errors, 'enabled_types', `Unknown message types: ${bad.map(String).join(', ')}`);
      // Kept in the contract's order, once each, so the same choice is the same event.
      else next.enabled_types = MESSAGE_TYPES.filter((t) => (input.enabled_types as unknown[]).includes(t));
    }
  }
  if (input.fallback_to_email !== undefined) {
    if (typeof input.fallback_to_email !== 'boolean') addError(errors, 'fallback_to_email', 'fallback_to_email must be true or false');
    else next.fallback_to_email = input.fallback_to_email;
  }
  throwIfAny(errors);
  return next;
}

/** The text of a template as it will be stored: the body and, for e-mail and push, a subject, each checked for its type. */
export function checkTemplateText(key: TemplateKey, subject: unknown, body: unknown): TemplateText {
  const errors: FieldErrors = {};
  if (typeof body !== 'string') addError(errors, 'body', 'The message must be a text');
  else for (const e of templateErrors(key.message_type, body)) addError(errors, 'body', e);
  let kept: string | null = null;
  if (key.channel === 'sms') {
    if (subject !== undefined && subject !== null && subject !== '') addError(errors, 'subject', 'An SMS has no subject');
  } else if (typeof subject !== 'string')
    addError(errors, 'subject', key.channel === 'email' ? 'The e-mail needs a subject' : 'The notification needs a title');
  else {
    for (const e of templateErrors(key.message_type, subject)) addError(errors, 'subject', e);
    kept = subject.trim();
  }
  throwIfAny(errors);
  return { subject: kept, body: body as string };
}

function phoneOf(command: { phone: string; country?: string | null }): string {
  const phone = normalisePhone(command.phone, command.country);
  if (!phone) throwIfAny({ phone: ['Enter a valid phone number, with its country code (+216…)'] });
  return phone as string;
}

export const notificationSettingsDecider: Decider<NotificationSettingsCommand, NotificationSettingsState, NotificationSettingsEvent> = {
  initialState: () => ({
    settings: DEFAULT_NOTIFICATION_SETTINGS,
    sms: { enabled_types: [...DEFAULT_SMS_SETTINGS.enabled_types], fallback_to_email: DEFAULT_SMS_SETTINGS.fallback_to_email },
    templates: new Map(),
    optedOut: new Set(),
  }),

  decide(command, state) {
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
  },

  evolve(state, event) {
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
  },
};
