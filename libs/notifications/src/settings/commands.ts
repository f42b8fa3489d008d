import type { Channel, Language, MessageType } from '@tabour/contracts';

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
