import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  addError,
  BOOKING_MESSAGE_TYPES,
  CHANNELS,
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
import { throwIfAny } from '@tabour/platform';
import { templateErrors } from '../templates';
import { GET_READY_PLACES_MAX, type SmsPreferences, type TemplateKey, type TemplateText } from './commands';

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
