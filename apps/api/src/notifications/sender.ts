import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { recordMessages } from '@tabour/notifications';
import type { ProjectionDb } from '@tabour/eventstore';
import { AppConfig, Database, Db } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { BusinessDirectory } from '../organisation/calendar';
import { eachInParallel, OutboxPump, PumpedSender } from '../eventing/outbox-pump';
import type { MessageChannel, OutgoingMessage } from './channels';
import { NotificationChannels } from './channel-registry';

/** Messages one sender claims at a time. */
const BATCH = 50;
/** Sends in flight at once per sender. */
const PARALLEL = 16;
/** Attempts before a message is failed (and an SMS falls back to e-mail). */
export const MAX_ATTEMPTS = 8;

/** The pause before attempt n + 1: 5 s, 10 s, 20 s … at most an hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

type Claimed = OutgoingMessage & { attempts: number; customer_id: string | null; fallback_of: string | null };

export interface SenderRun {
  sent: number;
  retried: number;
  failed: number;
  recovered: number;
}

/**
 * Delivers the outbox (docs/notifications.md, "Exactly once"). Each message is claimed in its
 * own short transaction (FOR UPDATE SKIP LOCKED, so several instances share the work and never
 * take the same one), then sent, then marked. A claim whose lease ran out belongs to a sender
 * that died between the provider's answer and the mark: the provider is asked whether it took
 * the message before it is sent again.
 */
@Injectable()
export class NotificationSender extends PumpedSender<{ m: Claimed; senderName: string | null }> {
  private readonly log = new Logger('notifications.sender');
  protected readonly pump: OutboxPump<{ m: Claimed; senderName: string | null }>;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly channels: NotificationChannels,
    private readonly businesses: BusinessDirectory,
  ) {
    super();
    this.pump = new OutboxPump({
      parallel: PARALLEL,
      pollMs: this.config.notifications.senderPollMs,
      claim: async (limit, now) => {
        const claimed = await this.claim(now, limit);
        const senders = await this.senderNames(claimed.map((m) => m.tenant_id));
        return claimed.map((m) => ({ m, senderName: senders.get(m.tenant_id) ?? null }));
      },
      send: ({ m, senderName }) => this.deliver(m, senderName),
      recover: (now) => this.recover(now),
      failed: (err, row) => this.log.error(row ? `sending ${row.m.id} failed: ${String(err)}` : `sending failed: ${String(err)}`),
    });
  }

  protected sends(): boolean {
    return this.config.eventing.autostart && this.config.notifications.senderOn;
  }

  private async claim(now: Date, limit: number): Promise<Claimed[]> {
    const claimed = await sql<Claimed>`
      UPDATE notification_messages m
      SET status = 'sending', attempts = m.attempts + 1, claimed_at = now(), claimed_until = now() + ${`${this.config.notifications.leaseMs} milliseconds`}::interval, updated_at = now()
      WHERE m.id IN (
        SELECT id FROM notification_messages
        WHERE status = 'queued' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.tenant_id, m.channel, m.message_type, m.recipient, m.subject, m.body, m.claimed_at, m.attempts, m.customer_id, m.fallback_of`.execute(
      this.db,
    );
    return claimed.rows;
  }

  /** One pass at `now`, awaited whole: recover dead claims, then claim and send one batch of due messages. */
  async run(now = new Date()): Promise<SenderRun> {
    const out: SenderRun = { sent: 0, retried: 0, failed: 0, recovered: 0 };
    out.recovered = await this.recover(now);
    const claimed = await this.claim(now, BATCH);
    const senders = await this.senderNames(claimed.map((m) => m.tenant_id));
    await eachInParallel(claimed, PARALLEL, async (m) => {
      out[await this.deliver(m, senders.get(m.tenant_id) ?? null)]++;
    });
    return out;
  }

  private async deliver(
    m: OutgoingMessage & { attempts: number; customer_id: string | null },
    senderName: string | null,
  ): Promise<'sent' | 'retried' | 'failed'> {
    const channel = this.channels.for(m.channel);
    const result = await channel
      .send(m, { name: m.channel === 'sms' ? senderName : null })
      .catch((err: unknown) => ({ ok: false, permanent: false, error: String(err) }) as const);
    if (result.ok) {
      await this.db
        .updateTable('notification_messages')
        .set({
          status: 'sent',
          provider: result.provider,
          provider_id: result.provider_id,
          sent_at: new Date(),
          claimed_until: null,
          error: null,
          updated_at: new Date(),
        })
        .where('id', '=', m.id)
        .where('status', '=', 'sending')
        .execute();
      return 'sent';
    }
    if (!result.permanent && m.attempts < MAX_ATTEMPTS) {
      await this.db
        .updateTable('notification_messages')
        .set({
          status: 'queued',
          next_attempt_at: new Date(Date.now() + backoffMs(m.attempts)),
          claimed_until: null,
          error: result.error,
          updated_at: new Date(),
        })
        .where('id', '=', m.id)
        .where('status', '=', 'sending')
        .execute();
      return 'retried';
    }
    await this.fail(m, channel.provider, result.error);
    return 'failed';
  }

  /** A message given up: failed, and an SMS sent again by e-mail where the business allows it. */
  async fail(m: { id: string; tenant_id: string; channel: string }, provider: string | null, error: string | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('notification_messages')
        .set({ status: 'failed', provider, claimed_until: null, error, updated_at: new Date() })
        .where('id', '=', m.id)
        .returning(['tenant_id', 'message_type', 'customer_id', 'ticket_id', 'booking_id', 'channel'])
        .executeTakeFirst();
      if (row) await this.fallBack(trx, m.id, row);
    });
    this.wake();
  }

  /** An SMS that failed or was not delivered goes by e-mail instead, once, where the settings allow it. */
  async fallBack(
    db: ProjectionDb<Database>,
    id: string,
    row: { tenant_id: string; message_type: string; customer_id: string | null; ticket_id: string | null; booking_id: string | null; channel: string },
  ): Promise<void> {
    if (row.channel !== 'sms' || !row.customer_id) return;
    const settings = await db.selectFrom('notification_settings').select('sms').where('tenant_id', '=', row.tenant_id).executeTakeFirst();
    if (settings && settings.sms.fallback_to_email === false) return;
    const original = await db.selectFrom('notification_messages').select(['body', 'subject', 'language']).where('id', '=', id).executeTakeFirstOrThrow();
    await recordMessages(db, [
      {
        tenant_id: row.tenant_id,
        type: row.message_type as never,
        cause: `fallback:${id}`,
        customer_id: row.customer_id,
        ticket_id: row.ticket_id,
        booking_id: row.booking_id,
        values: {},
        only: ['email'],
        text: { body: original.body, subject: original.subject },
        fallback_of: id,
      },
    ]);
  }

  /** Claims whose sender died: found at the provider (sent), or given back to the queue. */
  private async recover(now: Date): Promise<number> {
    const stale = await this.db
      .selectFrom('notification_messages')
      .select(['id', 'tenant_id', 'channel', 'message_type', 'recipient', 'subject', 'body', 'claimed_at'])
      .where('status', '=', 'sending')
      .where('claimed_until', '<', now)
      .limit(BATCH)
      .execute();
    for (const m of stale) {
      const channel: MessageChannel = this.channels.for(m.channel);
      const found = await channel.find({ ...m, claimed_at: m.claimed_at ?? now }).catch(() => undefined);
      // The provider could not be asked: left for the next pass rather than risk a second send.
      if (found === undefined) continue;
      await this.db
        .updateTable('notification_messages')
        .set(
          found
            ? { status: 'sent', provider: found.provider, provider_id: found.provider_id, sent_at: now, claimed_until: null, updated_at: now }
            : { status: 'queued', next_attempt_at: now, claimed_until: null, updated_at: now },
        )
        .where('id', '=', m.id)
        .where('status', '=', 'sending')
        .where('claimed_until', '<', now)
        .execute();
    }
    return stale.length;
  }

  private async senderNames(tenantIds: string[]): Promise<Map<string, string | null>> {
    const profiles = await this.businesses.profiles(tenantIds);
    return new Map([...profiles].map(([id, p]) => [id, p.sms_sender_name]));
  }
}
