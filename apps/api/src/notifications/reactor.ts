import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Transaction } from 'kysely';
import type { InlineProjection, RecordedEvent } from '@tabour/eventstore';
import { bookingMessages, noticeStaff, queueMessages, recordMessages } from '@tabour/notifications';
import { AppConfig, Database } from '@tabour/platform';
import { APP_CONFIG } from '../common/tokens';
import { ProjectionRegistry } from '../eventing/projection-registry';
import { readFacts } from './reactor.facts';
import { scheduleReminders } from './reactor.reminders';
import { NotificationSender } from './sender';

export const MESSAGES_SUBSCRIPTION = 'notifications.messages';

/**
 * An erased customer's messages keep their count, type, segments and cost (the business's
 * ledger) but lose what named them: the address and the text; one not yet sent is not sent.
 * It keeps no table of its own, so a rebuild never runs it.
 */
export const messagesErasure: InlineProjection<{ type: 'CustomerErased'; data: { customer_id: string; business_id: string } }, Database> = {
  name: 'notifications.erasure',
  handles: ['CustomerErased'],
  async apply(db, events) {
    for (const e of events) {
      await db
        .updateTable('notification_messages')
        .set({ status: 'skipped', skip_reason: 'customer_erased', updated_at: new Date() })
        .where('tenant_id', '=', e.data.business_id)
        .where('customer_id', '=', e.data.customer_id)
        .where('status', '=', 'queued')
        .execute();
      await db
        .updateTable('notification_messages')
        .set({ recipient: 'erased', body: '', subject: null, updated_at: new Date() })
        .where('tenant_id', '=', e.data.business_id)
        .where('customer_id', '=', e.data.customer_id)
        .execute();
    }
  },
};

/** A queue message whose moment has passed (a call an hour ago, after an outage) is not sent. */
const STALE_QUEUE_MS = 30 * 60_000;

type Trx = Transaction<Database>;
type Data = Record<string, unknown>;

/**
 * The messages reactor (docs/notifications.md): one subscription over the queue, booking and
 * request streams. Each batch records its messages, reminders and staff notices in the
 * transaction that moves the checkpoint, so each is recorded exactly once; the sender is
 * woken after the commit. It starts at the head of the log on an installation with history
 * (migrations/20261126080000_notifications.ts) and is never rebuilt: it is not a read model.
 * What a batch reads to word its messages is in reactor.facts.ts, its reminders in
 * reactor.reminders.ts.
 */
@Injectable()
export class NotificationReactor implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly sender: NotificationSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Inside the erasure's own transaction: once the call answers, no message names the customer.
    this.registry.registerInline(messagesErasure as InlineProjection);
    this.registry.subscribe(
      MESSAGES_SUBSCRIPTION,
      { categories: ['queue', 'booking', 'bookingrequest', 'queuerequest'] },
      (events, trx) => this.handle(events, trx as unknown as Trx),
      {
        batchSize: 200,
        pollIntervalMs: 1000,
        // Only messages just queued need the sender now; its poll finds any others.
        afterCommit: (_handled, queued) => {
          if ((queued as number) > 0) this.sender.wake();
        },
      },
    );
  }

  /** Returns how many messages it queued for the sender. */
  async handle(events: RecordedEvent[], trx: Trx, now = new Date()): Promise<number> {
    const live = events.filter((e) => e.tenantId && (e.category !== 'queue' || now.getTime() - e.recordedAt.getTime() < STALE_QUEUE_MS));
    if (!live.length) return 0;
    const { facts, businesses } = await readFacts(trx, live, this.config.publicUrl);
    const intents = live.flatMap((e) => (e.category === 'queue' ? queueMessages(e, facts) : e.category === 'booking' ? bookingMessages(e, facts) : []));
    const queued = intents.length ? (await recordMessages(trx, intents, now)).queued : 0;
    await scheduleReminders(trx, live, now, businesses);
    await this.noticeStaff(trx, live);
    return queued;
  }

  /** What the staff's bell shows: a booking request or a queue request waiting for them. */
  private async noticeStaff(trx: Trx, events: RecordedEvent[]): Promise<void> {
    for (const e of events) {
      const d = e.data as Data;
      if (e.type === 'BookingRequested')
        await noticeStaff(trx, e.tenantId!, 'booking_request', `booking-request:${d.request_id as string}`, {
          request_id: d.request_id,
          department_id: d.department_id ?? null,
        });
      if (e.type === 'QueueRequestSubmitted')
        await noticeStaff(trx, e.tenantId!, 'queue_request', `queue-request:${d.request_id as string}`, { request_id: d.request_id, queue_id: d.queue_id });
    }
  }
}
