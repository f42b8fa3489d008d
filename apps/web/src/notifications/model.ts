import { STAFF_NOTIFICATION_KINDS, type StaffNotification } from '@tabour/contracts';

/** Kinds the reactors write under another name than the contract's. */
const SAME_AS: Record<string, string> = { sms_allowance_used_up: 'sms_balance_exhausted' };

/** The catalogue key and values that word a notice; a kind this screen does not know yet gets a plain "new notification". */
export function noticeText(n: StaffNotification): [string, Record<string, string | number>] {
  const kind = SAME_AS[n.kind] ?? n.kind;
  const known = (STAFF_NOTIFICATION_KINDS as readonly string[]).includes(kind);
  const values = Object.fromEntries(Object.entries(n.data ?? {}).map(([k, v]) => [k, v ?? ''])) as Record<string, string | number>;
  return [`notifications.bell.kinds.${known ? kind : 'other'}`, values];
}

/**
 * The views whose changes may bring a notice: booking and queue requests. The notices the
 * reactors write after a message (the SMS allowance) arrive with the periodic refresh.
 */
const NOTICE_VIEWS = new Set(['bookingrequest', 'queuerequest']);
export const concernsBell = (notice: unknown): boolean =>
  typeof notice === 'object' && notice !== null && NOTICE_VIEWS.has(String((notice as { view?: unknown }).view));
