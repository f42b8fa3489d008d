import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { KioskSms, Language, MessageType } from '@tabour/contracts';
import { noticeStaff, recordMessages, ticketCreatedCause, type MessageIntent } from '@tabour/notifications';
import { Db, DomainError, invalid } from '@tabour/platform';
import { DB } from '../common/tokens';
import { BusinessCalendar } from '../organisation/calendar';
import { NotificationSender } from './sender';

/**
 * The contract has no type for a message the staff write themselves; its rows carry the
 * nearest, an update about the customer's visit, which is off by default and so never
 * confused with one the reactor sends. Its text is the staff's own, never the template.
 */
export const STAFF_MESSAGE_TYPE: MessageType = 'QUEUE_TICKET_UPDATED';

/** Twilio refuses a longer body (error 21617). */
const SMS_MAX_CHARS = 1600;

export interface NotifyResult {
  channel: 'sms' | 'email';
  sent: number;
  sent_ids: string[];
  skipped: { customer_id: string; reason: string }[];
}

/** Thrown inside the recording transaction to undo a campaign that did not fit the allowance. */
class AllowanceShort extends Error {}

const REASON: Record<string, string> = {
  sms_allowance_used_up: 'The SMS allowance is used up',
  sms_opted_out: 'The customer answered STOP',
};

/**
 * Messages the business asks for there and then, through the one path every message takes
 * (`recordMessages`, docs/notifications.md): the staff's "notify" from the customers' list, and
 * the ticket a kiosk texts. The sender delivers them like any other; the answer says what was
 * recorded, not what the provider did with it.
 */
@Injectable()
export class NotifyService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly sender: NotificationSender,
    private readonly calendar: BusinessCalendar,
  ) {}

  private wake(): void {
    this.sender.wake();
  }

  private async rows(tenantId: string, keys: string[]) {
    if (!keys.length) return [];
    return this.db
      .selectFrom('notification_messages')
      .select(['dedupe_key', 'status', 'skip_reason'])
      .where('tenant_id', '=', tenantId)
      .where('dedupe_key', 'in', keys)
      .execute();
  }

  /**
   * A message written by the staff to these customers (already checked to be the business's).
   * An SMS campaign is all or nothing: when the allowance does not cover every SMS, none is
   * recorded, the staff are told, and the call answers 422.
   */
  async staffMessage(
    tenantId: string,
    customers: { id: string; phone: string | null; email: string | null }[],
    input: { channel: 'sms' | 'email'; subject?: string | null; message: string },
  ): Promise<NotifyResult> {
    const { channel } = input;
    if (channel === 'sms' && input.message.length > SMS_MAX_CHARS)
      throw invalid(`An SMS may have at most ${SMS_MAX_CHARS} characters`, { message: [`An SMS may have at most ${SMS_MAX_CHARS} characters`] });
    const request = randomUUID();
    const skipped: NotifyResult['skipped'] = [];
    const intents: MessageIntent[] = [];
    for (const c of customers) {
      if (!(channel === 'sms' ? c.phone : c.email)) {
        skipped.push({ customer_id: c.id, reason: channel === 'sms' ? 'The customer has no phone' : 'The customer has no email' });
        continue;
      }
      intents.push({
        tenant_id: tenantId,
        type: STAFF_MESSAGE_TYPE,
        cause: `notify:${request}:${c.id}`,
        customer_id: c.id,
        values: {},
        only: [channel],
        asked: true,
        text: { body: input.message, subject: input.subject?.trim() || null },
      });
    }
    const keyOf = (i: MessageIntent) => `${i.cause}:${i.type}:${channel}`;
    try {
      await this.db.transaction().execute(async (trx) => {
        const done = await recordMessages(trx, intents);
        if (done.skipped > 0) throw new AllowanceShort();
      });
    } catch (err) {
      if (!(err instanceof AllowanceShort)) throw err;
      // The notice the undone transaction carried, kept on its own.
      await noticeStaff(this.db, tenantId, 'sms_balance_exhausted', `sms-used-up:${await this.calendar.today(tenantId)}`, {
        skipped: intents.length,
      });
      const message = 'The SMS allowance does not cover this message to every selected customer: nothing was sent';
      throw new DomainError(422, message, 'sms_unavailable', { channel: [message] });
    }
    this.wake();
    const recorded = new Map((await this.rows(tenantId, intents.map(keyOf))).map((r) => [r.dedupe_key, r]));
    const sent: string[] = [];
    for (const i of intents) {
      const row = recorded.get(keyOf(i));
      if (row && row.status !== 'skipped') sent.push(i.customer_id!);
      else
        skipped.push({
          customer_id: i.customer_id!,
          reason: REASON[row?.skip_reason ?? ''] ?? (channel === 'sms' ? 'SMS are off, or the customer answered STOP' : 'E-mail is off for this business'),
        });
    }
    return { channel, sent: sent.length, sent_ids: sent, skipped };
  }

  /**
   * The ticket a kiosk texts to its customer: the same message (the same cause) the reactor
   * records for a new ticket, so whichever comes second is the same row and it goes out once.
   */
  async ticketSms(
    tenantId: string,
    ticket: { id: string; customer_id: string; label: string; queue: string; link: string; rank: number; estimated_wait_seconds: number | null },
    language: Language | string | null,
  ): Promise<KioskSms> {
    const intent: MessageIntent = {
      tenant_id: tenantId,
      type: 'QUEUE_TICKET_CREATED',
      cause: ticketCreatedCause(ticket.id),
      customer_id: ticket.customer_id,
      ticket_id: ticket.id,
      values: {
        ticket_number: ticket.label,
        queue: ticket.queue,
        ticket_link: ticket.link,
        place: ticket.rank,
        estimate_minutes: ticket.estimated_wait_seconds === null ? null : Math.max(0, Math.round(ticket.estimated_wait_seconds / 60)),
      },
      ...(language ? { contact: { language } } : {}),
      only: ['sms'],
      asked: true,
    };
    await this.db.transaction().execute((trx) => recordMessages(trx, [intent]));
    this.wake();
    const [row] = await this.rows(tenantId, [`${intent.cause}:${intent.type}:sms`]);
    return row && row.status !== 'skipped' ? 'sent' : 'unavailable';
  }
}
