export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The business the message is sent for; null for messages outside any business. */
  tenantId: string | null;
}

export interface SmsMessage {
  to: string;
  text: string;
  tenantId: string;
}

/** Raised when a channel has no transport on this installation: nothing was sent. */
export class ChannelUnavailable extends Error {
  readonly name = 'ChannelUnavailable';
  constructor(readonly channel: 'sms' | 'email') {
    super(`No ${channel} transport is configured on this installation`);
  }
}

/** The outgoing notification port; the transports behind it change per installation. */
export abstract class Notifier {
  abstract sendEmail(message: EmailMessage): Promise<void>;
  abstract sendSms(message: SmsMessage): Promise<void>;
}
