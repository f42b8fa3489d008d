import { MESSAGE_TYPES, type MessageStatus, type MessageType, type SmsBalance, type SmsSettings } from '@tabour/contracts';

/** The chip colour of each delivery status: done, on its way, or gone wrong. */
export const STATUS_COLOURS: Record<MessageStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
  undelivered: 'error',
  bounced: 'error',
  skipped: 'warning',
};

/** What the form sends: an empty sender name is none (the installation's number), the types in the list's order. */
export function smsSettingsBody(values: Partial<SmsSettings>): SmsSettings {
  const name = typeof values.sender_name === 'string' ? values.sender_name.trim() : '';
  const chosen = new Set(values.enabled_types ?? []);
  return {
    sender_name: name || null,
    enabled_types: MESSAGE_TYPES.filter((t): t is MessageType => chosen.has(t)),
    fallback_to_email: !!values.fallback_to_email,
  };
}

/** A sender name the networks accept, or the catalogue key of the problem. */
export function senderNameError(value: unknown): string | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return undefined;
  return /^[A-Za-z0-9 ]{1,11}$/.test(String(value).trim()) ? undefined : 'notifications.sms.sender_name_invalid';
}

/** How full the allowance is, 0 to 100, for the gauge. */
export function usedPercent(b: SmsBalance): number {
  if (b.allowance <= 0) return 100;
  return Math.min(100, Math.round((b.consumed / b.allowance) * 100));
}
