import {
  BOOKING_MESSAGE_TYPES,
  FINAL_MESSAGE_STATUSES,
  type BookingMessageType,
  type Channel,
  type MessageStatus,
  type MessageType,
  type NotificationSettings,
  type QueueMessageType,
  type SmsSettings,
} from '@tabour/contracts';

export {
  BOOKING_MESSAGE_TYPES,
  CHANNELS,
  FINAL_MESSAGE_STATUSES,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  QUEUE_MESSAGE_TYPES,
  REMINDER_TYPES,
  TEMPLATE_PLACEHOLDERS,
  isMessageType,
  type Channel,
  type MessageStatus,
  type MessageType,
  type ReminderType,
} from '@tabour/contracts';

export function isBookingMessage(type: MessageType): type is BookingMessageType {
  return (BOOKING_MESSAGE_TYPES as readonly string[]).includes(type);
}

/** How a customer can be reached for one message. */
export interface Recipient {
  phone: string | null;
  email: string | null;
  /** A push subscription of their ticket page. */
  push: boolean;
  /** The number answered STOP: no SMS at all until START. */
  sms_opted_out: boolean;
}

/**
 * The channels one message goes out on: the business sends this type at all, the channel is
 * on, and the customer can be reached there; SMS also needs the type among the SMS settings'
 * (each one costs). Fallback to e-mail after a failed SMS is decided when the failure arrives,
 * not here.
 */
export function channelsFor(type: MessageType, settings: NotificationSettings, sms: SmsSettings, to: Recipient): Channel[] {
  const on = isBookingMessage(type) ? settings.booking[type] : settings.queue[type as QueueMessageType];
  if (!on) return [];
  const channels: Channel[] = [];
  if (settings.channels.sms && to.phone && !to.sms_opted_out && sms.enabled_types.includes(type)) channels.push('sms');
  if (settings.channels.email && to.email) channels.push('email');
  if (settings.channels.push && to.push) channels.push('push');
  return channels;
}

/** How far along each status is; a report never moves a message back. */
const STAGE: Record<MessageStatus, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, failed: 3, undelivered: 3, bounced: 3, skipped: 3 };

export function isFinalStatus(status: MessageStatus): boolean {
  return FINAL_MESSAGE_STATUSES.includes(status);
}

/**
 * A message's status after a provider's report. Reports arrive late, twice or out of order
 * (Twilio may post `sent` after `delivered`; SendGrid repeats events), so an earlier stage never
 * replaces a later one and a final status stays.
 */
export function advanceStatus(current: MessageStatus, reported: MessageStatus): MessageStatus {
  if (isFinalStatus(current)) return current;
  return STAGE[reported] >= STAGE[current] ? reported : current;
}

/**
 * Twilio's message status (its status callback's `MessageStatus`) as ours; null for the ones
 * that say nothing new (`receiving`, `received` belong to incoming messages).
 */
export function fromTwilioStatus(status: string): MessageStatus | null {
  switch (status.toLowerCase()) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
      return 'sending';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
    case 'partially_delivered':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/**
 * A SendGrid event webhook's `event` as our status; null for those about the reader rather than
 * the delivery (open, click, unsubscribe…) and for `deferred`, which SendGrid retries itself.
 */
export function fromSendgridEvent(event: string): MessageStatus | null {
  switch (event.toLowerCase()) {
    case 'processed':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'bounce':
      return 'bounced';
    case 'dropped':
      return 'failed';
    default:
      return null;
  }
}
