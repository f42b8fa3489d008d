import { Inject, Injectable } from '@nestjs/common';
import type { Channel, Language, MessageRecord, MessageStatus, MessageType } from '@tabour/contracts';
import { Db } from '@tabour/platform';
import { selectPage } from '../common/paged-select';
import type { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';

/** Whose messages: exactly one of a customer, a ticket or a booking. */
export type HistorySubject = { customer_id: string } | { ticket_id: string } | { booking_id: string };

const COLUMNS = [
  'id',
  'message_type',
  'channel',
  'recipient',
  'status',
  'error',
  'skip_reason',
  'segments',
  'body',
  'subject',
  'language',
  'created_at',
  'sent_at',
] as const;

type Row = {
  id: string;
  message_type: string;
  channel: string;
  recipient: string;
  status: string;
  error: string | null;
  skip_reason: string | null;
  segments: number | null;
  body: string;
  subject: string | null;
  language: string;
  created_at: Date;
  sent_at: Date | null;
};

const toRecord = (r: Row): MessageRecord<Date> => ({
  id: r.id,
  message_type: r.message_type as MessageType,
  channel: r.channel as Channel,
  recipient: r.recipient,
  status: r.status as MessageStatus,
  // A skipped message has no provider error; its reason is what the screen can say about it.
  error: r.error ?? r.skip_reason,
  segments: r.channel === 'sms' ? r.segments : null,
  body: r.body,
  subject: r.subject,
  language: r.language as Language,
  created_at: r.created_at,
  sent_at: r.sent_at,
});

/** The messages of one customer, ticket or booking, read from the outbox (docs/notifications.md, "Message history"). */
@Injectable()
export class MessageHistoryService {
  constructor(@Inject(DB) private readonly db: Db) {}

  list(tenantId: string, subject: HistorySubject, page: PageRequest) {
    let base = this.db.selectFrom('notification_messages').where('tenant_id', '=', tenantId);
    if ('customer_id' in subject) base = base.where('customer_id', '=', subject.customer_id);
    else if ('ticket_id' in subject) base = base.where('ticket_id', '=', subject.ticket_id);
    else base = base.where('booking_id', '=', subject.booking_id);
    return selectPage(
      base,
      (b) => b.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
      (r) => toRecord(r as Row),
    );
  }
}
