import { Inject, Injectable } from '@nestjs/common';
import { EventWebhook } from '@sendgrid/eventwebhook';
import twilio from 'twilio';
import { advanceStatus, fromSendgridEvent, fromTwilioStatus, type MessageStatus } from '@tabour/notifications';
import { AppConfig, badRequest, Db, forbidden, invalid, notFound } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { NotificationSender } from './sender';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Statuses that mean the provider took the message: it was sent, whenever our own mark comes. */
const TAKEN: readonly MessageStatus[] = ['sent', 'delivered', 'undelivered', 'bounced'];
const NOT_SERVED = 'This webhook is not configured on this installation';

type ReportedTo = { provider: 'twilio' | 'sendgrid'; event_id: string; message_id: string; channel: 'sms' | 'email'; provider_id: string | null };

/** One SendGrid event as its webhook posts it; our id travels as a custom argument. */
interface SendgridEvent {
  sg_event_id?: unknown;
  sg_message_id?: unknown;
  event?: unknown;
  tabour_message_id?: unknown;
  reason?: unknown;
  response?: unknown;
}

/** How far a SendGrid signature's timestamp may be from now, either way: Stripe's default tolerance (300 s). */
export const SENDGRID_TOLERANCE_SECONDS = 5 * 60;

/**
 * The providers' delivery reports (docs/notifications.md, "Delivery reports"): verified by
 * their signature before anything is read, each applied once (`provider_events`), a status
 * never moved back, and an SMS that did not arrive sent again by e-mail, once.
 */
@Injectable()
export class WebhooksService {
  private readonly sendgridKey: ReturnType<EventWebhook['convertPublicKeyToECDSA']> | null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sender: NotificationSender,
  ) {
    const key = config.notifications.sendgridWebhookKey;
    // A key that does not read stops the start: a webhook silently refusing every report would lose them all.
    this.sendgridKey = key ? new EventWebhook().convertPublicKeyToECDSA(key) : null;
  }

  /**
   * Twilio signs the address it called (the public one, with its query) and the form's fields.
   * Without Twilio on this installation there is nothing to verify with: the route is not served.
   */
  verifyTwilio(signature: string | undefined, originalUrl: string, params: Record<string, unknown>): void {
    const token = this.config.notifications.twilio?.authToken;
    if (!token) throw notFound(NOT_SERVED);
    const url = `${this.config.publicUrl.replace(/\/$/, '')}${originalUrl}`;
    if (!signature || !twilio.validateRequest(token, signature, url, params)) throw forbidden('The request is not signed by Twilio');
  }

  /** A status callback of one SMS we sent (`?m=` our id, as the sender gave it). */
  async twilioStatus(messageId: unknown, params: Record<string, unknown>): Promise<{ applied: boolean }> {
    const sid = typeof params.MessageSid === 'string' ? params.MessageSid : '';
    const status = typeof params.MessageStatus === 'string' ? params.MessageStatus : '';
    if (!sid || !status) throw invalid('MessageSid and MessageStatus are required', { MessageStatus: ['MessageStatus is required'] });
    if (typeof messageId !== 'string' || !UUID.test(messageId)) throw notFound('No such message');
    const reported = fromTwilioStatus(status);
    if (!reported) return { applied: false };
    const code = typeof params.ErrorCode === 'string' && params.ErrorCode ? `Twilio error ${params.ErrorCode}` : null;
    const applied = await this.apply(
      { provider: 'twilio', event_id: `${sid}:${status.toLowerCase()}`, message_id: messageId.toLowerCase(), channel: 'sms', provider_id: sid },
      reported,
      code,
    );
    if (applied === null) throw notFound('No such message');
    return { applied };
  }

  /**
   * SendGrid signs the timestamp and the body's exact bytes with its ECDSA key. Without a key
   * configured the route is not served: an unverified report is never applied.
   */
  verifySendgrid(raw: unknown, signature: string | undefined, timestamp: string | undefined, now = Date.now()): unknown {
    if (!this.sendgridKey) throw notFound(NOT_SERVED);
    if (!Buffer.isBuffer(raw) || !signature || !timestamp) throw forbidden('The request is not signed by SendGrid');
    // The signature covers the timestamp: an old one is a signed batch sent again by whoever kept it.
    const signedAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
    if (!(Math.abs(now / 1000 - signedAt) <= SENDGRID_TOLERANCE_SECONDS)) {
      throw forbidden(`The signed timestamp is more than ${SENDGRID_TOLERANCE_SECONDS / 60} minutes away from now`);
    }
    let ok = false;
    try {
      ok = new EventWebhook().verifySignature(this.sendgridKey, raw, signature, timestamp);
    } catch {
      // A signature that is not even base64 DER is as wrong as a mismatched one.
    }
    if (!ok) throw forbidden('The request is not signed by SendGrid');
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The body is not JSON');
    }
  }

  /** A batch of SendGrid events: each one about a message of ours applied once, the others passed over. */
  async sendgridEvents(body: unknown): Promise<{ applied: number; ignored: number }> {
    if (!Array.isArray(body)) throw invalid('The body must be a list of events', { events: ['The body must be a list of events'] });
    const out = { applied: 0, ignored: 0 };
    for (const e of body as SendgridEvent[]) {
      const reported = typeof e?.event === 'string' ? fromSendgridEvent(e.event) : null;
      const id = typeof e?.tabour_message_id === 'string' ? e.tabour_message_id.toLowerCase() : '';
      if (!reported || typeof e.sg_event_id !== 'string' || !e.sg_event_id || !UUID.test(id)) {
        out.ignored++;
        continue;
      }
      const why = reported === 'bounced' || reported === 'failed' ? String(e.reason ?? e.response ?? '').slice(0, 500) || null : null;
      const applied = await this.apply(
        {
          provider: 'sendgrid',
          event_id: e.sg_event_id,
          message_id: id,
          channel: 'email',
          // The event's message id is the send's x-message-id followed by a filter suffix.
          provider_id: typeof e.sg_message_id === 'string' ? e.sg_message_id : null,
        },
        reported,
        why,
      );
      if (applied) out.applied++;
      else out.ignored++;
    }
    return out;
  }

  /**
   * One report in one transaction: the message's row locked, the report recorded as seen (a
   * repeat stops here), the status advanced, and a lost SMS sent again by e-mail. Null when
   * the message is not one of ours.
   */
  private async apply(to: ReportedTo, reported: MessageStatus, error: string | null): Promise<boolean | null> {
    let fellBack = false;
    const applied = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('notification_messages')
        .select(['id', 'tenant_id', 'status', 'provider_id', 'message_type', 'customer_id', 'ticket_id', 'booking_id', 'channel'])
        .where('id', '=', to.message_id)
        .where('channel', '=', to.channel)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return null;
      // Another send of ours (a resend after a lost answer) reports under its own id: not this one's.
      if (to.provider_id && row.provider_id && !to.provider_id.startsWith(row.provider_id)) return false;
      const seen = await trx
        .insertInto('provider_events')
        .values({ provider: to.provider, event_id: to.event_id })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      if (!Number(seen.numInsertedOrUpdatedRows)) return false;
      const current = row.status as MessageStatus;
      const next = advanceStatus(current, reported);
      if (next === current) return false;
      const now = new Date();
      await trx
        .updateTable('notification_messages')
        .set((eb) => ({
          status: next,
          updated_at: now,
          // The report may come before the sender's own mark: the provider has the message all the same.
          ...(TAKEN.includes(next)
            ? {
                provider: eb.fn.coalesce('provider', eb.val(to.provider)),
                sent_at: eb.fn.coalesce('sent_at', eb.val(now)),
                claimed_until: null,
                ...(to.channel === 'sms' ? { provider_id: eb.fn.coalesce('provider_id', eb.val(to.provider_id)) } : {}),
              }
            : {}),
          ...(error ? { error } : {}),
        }))
        .where('id', '=', row.id)
        .execute();
      if (row.channel === 'sms' && (next === 'undelivered' || next === 'failed')) {
        await this.sender.fallBack(trx, row.id, row);
        fellBack = true;
      }
      return true;
    });
    if (fellBack) this.sender.wake();
    return applied;
  }
}
