import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import twilio from 'twilio';
import type { NotificationSettings } from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { e164, parseReply, publicTicketSettings, replyText, type ReplyOutcome } from '@tabour/notifications';
import { ticketOf } from '@tabour/queues';
import { Db, DomainError } from '@tabour/platform';
import { DB } from '../common/tokens';
import { BusinessDirectory } from '../organisation/calendar';
import { BookingsService } from '../bookings/bookings.service';
import { QueueQueries } from '../queues/queries';
import { QueuesService } from '../queues/queues.service';
import { NotificationSettingsService } from './settings.service';

/** The message a reply answers: the newest SMS sent to that number, by whichever business. */
interface Answered {
  id: string;
  tenant_id: string;
  language: string;
  ticket_id: string | null;
  booking_id: string | null;
}

/** The customer answering by SMS, as the public ticket page names them: by what the reply acts on. */
const bySms = (id: string): Actor => ({ type: 'customer_link', id, name: 'SMS' });

/**
 * Two-way SMS (docs/notifications.md, "Replies"): a customer's answer to one of our SMS acts on
 * the ticket or booking that SMS was about, through the commands the public ticket page and the
 * booking's cancel use, and STOP / START opt the number out and in. The answer is TwiML with a
 * short confirmation in the language of the message answered.
 */
@Injectable()
export class RepliesService {
  private readonly log = new Logger('notifications.replies');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queues: QueuesService,
    private readonly tickets: QueueQueries,
    private readonly bookings: BookingsService,
    private readonly settings: NotificationSettingsService,
    private readonly businesses: BusinessDirectory,
  ) {}

  /** TwiML for one incoming SMS (already verified as Twilio's). */
  async reply(params: Record<string, unknown>): Promise<string> {
    const answer = new twilio.twiml.MessagingResponse();
    const sid = typeof params.MessageSid === 'string' ? params.MessageSid : '';
    const from = e164(typeof params.From === 'string' ? params.From : null);
    const action = parseReply(typeof params.Body === 'string' ? params.Body : '').action;
    // Anything else stays unanswered: a free text is for staff, and every SMS costs.
    if (!sid || !from || action === 'unknown') return answer.toString();
    const last = await this.answered(from);
    if (!last) return answer.toString();
    // Twilio may post the same message twice; it acts once (and is let through again if acting failed).
    const seen = await this.db
      .insertInto('provider_events')
      .values({ provider: 'twilio', event_id: `${sid}:inbound` })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    if (!Number(seen.numInsertedOrUpdatedRows)) return answer.toString();
    let outcome: { outcome: ReplyOutcome; ticket?: string };
    try {
      outcome = await this.act(action, last, from);
    } catch (err) {
      await this.db.deleteFrom('provider_events').where('provider', '=', 'twilio').where('event_id', '=', `${sid}:inbound`).execute();
      throw err;
    }
    const business = await this.businesses.profile(last.tenant_id);
    answer.message(replyText(outcome.outcome, last.language, { business: business?.name ?? '', ticket: outcome.ticket }));
    return answer.toString();
  }

  private async answered(phone: string): Promise<Answered | undefined> {
    return this.db
      .selectFrom('notification_messages')
      .select(['id', 'tenant_id', 'language', 'ticket_id', 'booking_id'])
      .where('channel', '=', 'sms')
      .where('recipient', '=', phone)
      .where('status', '!=', 'skipped')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private async act(action: 'cancel' | 'late' | 'stop' | 'start', last: Answered, phone: string): Promise<{ outcome: ReplyOutcome; ticket?: string }> {
    switch (action) {
      case 'stop':
        await this.settings.optOut(last.tenant_id, bySms(last.id), phone);
        await this.dropQueued(last.tenant_id, phone);
        return { outcome: 'stopped' };
      case 'start':
        await this.settings.optIn(last.tenant_id, bySms(last.id), phone);
        return { outcome: 'started' };
      case 'cancel':
      case 'late':
        if (last.ticket_id) return this.onTicket(action, last.tenant_id, last.ticket_id);
        if (last.booking_id) return action === 'cancel' ? this.cancelBooking(last.tenant_id, last.booking_id) : { outcome: 'not_allowed' };
        return { outcome: 'nothing_to_do' };
    }
  }

  /** What the customer may do on their ticket link, they may do by SMS; the same checks and commands. */
  private async onTicket(action: 'cancel' | 'late', tenantId: string, ticketId: string): Promise<{ outcome: ReplyOutcome; ticket?: string }> {
    const row = await ticketOf(this.db, tenantId, ticketId);
    const t = row ? await this.tickets.publicTicket(row.uid) : null;
    if (!t || t.view.archived_at || (action === 'late' && t.view.status !== 'waiting')) return { outcome: 'nothing_to_do', ticket: t?.view.label };
    const allowed = (await this.publicSettings(tenantId))[action === 'cancel' ? 'allow_cancel' : 'allow_running_late'];
    if (!allowed) return { outcome: 'not_allowed', ticket: t.view.label };
    const { tenant_id, queue_id, ticket_id } = t.internal;
    const done = await this.refusedAsNothing(() =>
      this.queues.run(
        tenant_id,
        queue_id,
        bySms(t.view.uid),
        action === 'cancel' ? { type: 'RevokeTicket', ticket_id, by: 'customer' } : { type: 'RunningLate', ticket_id, places: 1 },
      ),
    );
    return { outcome: done ? (action === 'cancel' ? 'ticket_cancelled' : 'ticket_late') : 'nothing_to_do', ticket: t.view.label };
  }

  private async cancelBooking(tenantId: string, bookingId: string): Promise<{ outcome: ReplyOutcome }> {
    const b = await this.db
      .selectFrom('bookings')
      .select(['status', 'starts_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!b || b.starts_at.getTime() < Date.now()) return { outcome: 'nothing_to_do' };
    if (!(await this.publicSettings(tenantId)).allow_cancel) return { outcome: 'not_allowed' };
    const done = await this.refusedAsNothing(() => this.bookings.cancel({ tenantId, actor: bySms(bookingId) }, bookingId, null));
    return { outcome: done ? 'booking_cancelled' : 'nothing_to_do' };
  }

  /** A command the decider refuses (the ticket left the queue meanwhile, the booking was cancelled already) did nothing. */
  private async refusedAsNothing(run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (err) {
      if (err instanceof DomainError && err.status < 500) {
        this.log.debug(`SMS reply refused: ${err.message}`);
        return false;
      }
      throw err;
    }
  }

  private publicSettings(tenantId: string): Promise<NotificationSettings['public']> {
    return publicTicketSettings(this.db, tenantId);
  }

  /**
   * The SMS to this number not yet handed to the provider are not sent, and their segments are
   * given back to the allowance window they were taken from only: one recorded before the row's
   * window (last month's, the trial's) gives nothing to the new one.
   */
  private async dropQueued(tenantId: string, phone: string): Promise<void> {
    await sql`
      WITH dropped AS (
        UPDATE notification_messages SET status = 'skipped', skip_reason = 'sms_opted_out', updated_at = now()
        WHERE tenant_id = ${tenantId} AND channel = 'sms' AND recipient = ${phone} AND status = 'queued'
        RETURNING cost, created_at)
      UPDATE sms_allowances a
         SET consumed = greatest(a.consumed - (SELECT coalesce(sum(d.cost), 0) FROM dropped d
                                               WHERE d.created_at >= coalesce(a.window_starts_at, '-infinity'::timestamptz)), 0)::int,
             updated_at = now()
       WHERE a.tenant_id = ${tenantId}`.execute(this.db);
  }
}
