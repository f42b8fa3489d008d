/**
 * Notifications to customers (SMS, e-mail, push) and to staff, as the API answers them and the
 * web reads them (docs/product.md#notification-settings, docs/product.md#booking-reminders). The
 * rules that make the messages (templates, segments, reply keywords, reminder times) live in
 * libs/notifications; see docs/notifications.md.
 */
import type { Instant, Page } from './instants';
import type { Language } from './languages';

/** Every message the product sends a customer; the type names a template and an SMS setting. */
export const MESSAGE_TYPES = [
  'BOOKING_CREATED',
  'BOOKING_UPDATED',
  'BOOKING_CANCELED',
  'BOOKING_REMINDER_24H',
  'BOOKING_REMINDER_48H',
  'BOOKING_REMINDER_7D',
  'QUEUE_TICKET_CREATED',
  'QUEUE_TICKET_UPDATED',
  'QUEUE_TICKET_CANCELED',
  'QUEUE_TICKET_REDIRECTED',
  'QUEUE_CALL_NEXT',
  'QUEUE_GET_READY',
  'QUEUE_FEEDBACK',
  'QUEUE_DELAY',
  'QUEUE_CLOSING',
  'QUEUE_TICKET_WITHOUT_TIME',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const BOOKING_MESSAGE_TYPES = MESSAGE_TYPES.filter((t) => t.startsWith('BOOKING_')) as readonly BookingMessageType[];
export type BookingMessageType = Extract<MessageType, `BOOKING_${string}`>;
export const QUEUE_MESSAGE_TYPES = MESSAGE_TYPES.filter((t) => t.startsWith('QUEUE_')) as readonly QueueMessageType[];
export type QueueMessageType = Extract<MessageType, `QUEUE_${string}`>;

export const REMINDER_TYPES = ['BOOKING_REMINDER_7D', 'BOOKING_REMINDER_48H', 'BOOKING_REMINDER_24H'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export function isMessageType(value: unknown): value is MessageType {
  return typeof value === 'string' && (MESSAGE_TYPES as readonly string[]).includes(value);
}

export const CHANNELS = ['sms', 'email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * A message's life: queued in the outbox, sending (handed to a sender), sent (the provider took
 * it), then delivered, or failed / undelivered (SMS) / bounced (e-mail) as the provider reports;
 * skipped when it was never sent (opted out, channel off, no allowance left).
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered', 'bounced', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Statuses after which nothing more happens to a message. */
export const FINAL_MESSAGE_STATUSES: readonly MessageStatus[] = ['delivered', 'failed', 'undelivered', 'bounced', 'skipped'];

const BOOKING = ['name', 'business', 'department', 'services', 'booking_time'] as const;
const TICKET = ['name', 'business', 'queue', 'ticket_number', 'ticket_link'] as const;

/**
 * The placeholders a template of each type may use, written `{{name}}` in its body. Every
 * message knows the customer's name and the business; the rest is what the event carries:
 * `place` is the ticket's rank in its queue, `estimate_minutes` the wait estimate, the links the
 * public ticket page (`/t/{uid}`) and its feedback form (`/f/{uid}`), `booking_time` the start
 * in the business's time zone and the message's language.
 */
export const TEMPLATE_PLACEHOLDERS: Record<MessageType, readonly string[]> = {
  BOOKING_CREATED: BOOKING,
  BOOKING_UPDATED: BOOKING,
  BOOKING_CANCELED: [...BOOKING, 'reason'],
  BOOKING_REMINDER_24H: BOOKING,
  BOOKING_REMINDER_48H: BOOKING,
  BOOKING_REMINDER_7D: BOOKING,
  QUEUE_TICKET_CREATED: [...TICKET, 'place', 'estimate_minutes'],
  QUEUE_TICKET_UPDATED: [...TICKET, 'place', 'estimate_minutes'],
  QUEUE_TICKET_CANCELED: [...TICKET, 'reason'],
  QUEUE_TICKET_REDIRECTED: [...TICKET, 'previous_queue', 'place', 'estimate_minutes'],
  QUEUE_CALL_NEXT: [...TICKET, 'counter'],
  QUEUE_GET_READY: [...TICKET, 'place', 'estimate_minutes'],
  QUEUE_FEEDBACK: ['name', 'business', 'queue', 'ticket_number', 'feedback_link'],
  QUEUE_DELAY: [...TICKET, 'delay_minutes', 'estimate_minutes'],
  QUEUE_CLOSING: [...TICKET, 'closing_time'],
  QUEUE_TICKET_WITHOUT_TIME: [...TICKET, 'place'],
};

/** A template as the editor shows it: the business's own, or the default shipped for its type and language. */
export interface MessageTemplate {
  type: MessageType;
  language: Language;
  channel: Channel;
  body: string;
  /** The e-mail's subject, or a push notification's title; an SMS has none. */
  subject?: string;
  /** Whether the business wrote it (false: the default). */
  custom?: boolean;
}

/** The SMS settings (GET/POST /sms/settings). */
export interface SmsSettings {
  /** The alphanumeric sender the customer sees (11 characters at most), or null for the installation's number. */
  sender_name: string | null;
  /** The message types that go out by SMS; the others go by e-mail or push only. */
  enabled_types: MessageType[];
  /** A failed or undelivered SMS is sent again by e-mail when the customer has an address. */
  fallback_to_email: boolean;
}

export const DEFAULT_SMS_SETTINGS: SmsSettings = {
  sender_name: null,
  enabled_types: [
    'BOOKING_CREATED',
    'BOOKING_CANCELED',
    'BOOKING_REMINDER_24H',
    'QUEUE_TICKET_CREATED',
    'QUEUE_CALL_NEXT',
    'QUEUE_GET_READY',
    'QUEUE_TICKET_WITHOUT_TIME',
  ],
  fallback_to_email: true,
};

/** The business's notification settings (the notifications and public settings tabs of /settings/general). */
export interface NotificationSettings {
  /** Channels the business sends through at all. */
  channels: Record<Channel, boolean>;
  /** Which booking messages are sent, on whatever channel. */
  booking: Record<BookingMessageType, boolean>;
  /** Which queue messages are sent, on whatever channel. */
  queue: Record<QueueMessageType, boolean>;
  /** What a customer may do on their ticket link (`/t/{uid}`). */
  public: {
    allow_cancel: boolean;
    allow_running_late: boolean;
    allow_feedback: boolean;
    /** QUEUE_GET_READY goes out when this many tickets or fewer are ahead. */
    get_ready_places: number;
  };
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  channels: { sms: true, email: true, push: true },
  booking: {
    BOOKING_CREATED: true,
    BOOKING_UPDATED: true,
    BOOKING_CANCELED: true,
    BOOKING_REMINDER_24H: true,
    BOOKING_REMINDER_48H: false,
    BOOKING_REMINDER_7D: false,
  },
  queue: {
    QUEUE_TICKET_CREATED: true,
    QUEUE_TICKET_UPDATED: false,
    QUEUE_TICKET_CANCELED: true,
    QUEUE_TICKET_REDIRECTED: true,
    QUEUE_CALL_NEXT: true,
    QUEUE_GET_READY: true,
    QUEUE_FEEDBACK: true,
    QUEUE_DELAY: true,
    QUEUE_CLOSING: true,
    QUEUE_TICKET_WITHOUT_TIME: true,
  },
  public: { allow_cancel: true, allow_running_late: true, allow_feedback: true, get_ready_places: 3 },
};

export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
export type SmsEncoding = (typeof SMS_ENCODINGS)[number];

/** One SMS in the ledger (GET /sms/transactions). */
export interface SmsTransaction<At = Instant> {
  id: string;
  destination: string;
  message: string;
  /** When the provider took it; null while it waits in the outbox or when it was skipped. */
  sent_at: At | null;
  language: Language;
  segments: number;
  encoding: SmsEncoding;
  status: MessageStatus;
  /** What it took from the allowance, in SMS (one per segment). */
  cost: number;
  message_type: MessageType;
  /** The provider's reason when it failed. */
  error?: string | null;
  created_at?: At;
}

/**
 * One message sent, or meant to be sent, to a customer about a ticket or booking (the history on
 * the customer page, the ticket's details and the booking dialog), on any channel.
 */
export interface MessageRecord<At = Instant> {
  id: string;
  message_type: MessageType;
  channel: Channel;
  /** As it was sent: a number in E.164, an address, or the push endpoint's label; empty once the customer was erased. */
  recipient: string;
  status: MessageStatus;
  /** The provider's reason when it failed, or why it was skipped. */
  error: string | null;
  /** SMS only. */
  segments: number | null;
  body: string;
  /** E-mail subject or push title. */
  subject: string | null;
  language: Language;
  created_at: At;
  sent_at: At | null;
}

/** The business's SMS allowance: what the membership gives, what was sent, what is left. */
export interface SmsBalance {
  allowance: number;
  consumed: number;
  balance: number;
}

export const STAFF_NOTIFICATION_KINDS = ['booking_request', 'queue_request', 'sms_balance_low', 'sms_balance_exhausted', 'webhook_disabled'] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

/**
 * A notice for the back-office's app bar (GET /notification). The screen words it from `kind`
 * and `data` in the reader's language, so no text travels.
 */
export interface StaffNotification<At = Instant> {
  id: string;
  kind: StaffNotificationKind;
  /** What the wording needs: a customer's name, a queue's name, the SMS left… */
  data: Record<string, string | number | null>;
  /** The back-office path that opens the matter (`/bookings/requests`, `/settings/sms`…). */
  link: string | null;
  read_at: At | null;
  created_at: At;
}

/** The bell's page of notices (GET /notification): newest first, and how many are unread. */
export type NoticePage<At = Instant> = Page<StaffNotification<At>> & { unread: number };

/** The SMS settings as GET /sms/settings answers them: with the allowance and what is left of it. */
export type SmsSettingsAnswer = SmsSettings & { balance: SmsBalance };

/** One problem of a template, as the preview names it and a save refuses it. */
export type TemplateProblem =
  | { problem: 'template_empty' }
  | { problem: 'template_too_long'; max: number }
  | { problem: 'template_unknown_placeholder'; placeholder: string }
  | { problem: 'template_stray_brace'; at: number };

/** What an SMS costs: its encoding, the parts the network delivers, the units they carry. */
export interface SmsSize {
  encoding: SmsEncoding;
  /** What the business pays for: one per part the network delivers. */
  segments: number;
  /** Units the parts carry: GSM-7 septets (an extension character takes 2) or UCS-2 code units (an emoji takes 2). */
  characters: number;
}

/** A template filled with a sample booking or ticket (POST /notification/templates/preview). */
export interface TemplatePreview {
  subject: string | null;
  body: string;
  /** What the editor words: the same checks a save makes. */
  problems: { body: TemplateProblem[]; subject: TemplateProblem[] };
  sms: SmsSize;
}

/** The installation's VAPID public key a ticket page subscribes to push with (GET /user/push/key). */
export interface PushKey {
  public_key: string;
}
