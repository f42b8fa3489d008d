import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { pastHorizon, retryDelayMs, SIGNATURE_HEADER, signatureHeader } from '@tabour/integrations';
import { AppConfig, Db } from '@tabour/platform';
import { APP_CONFIG, DB } from '../../common/tokens';
import { eachInParallel, OutboxPump, PumpedSender } from '../../eventing/outbox-pump';
import { WebhookCommands } from './commands';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from './config';
import { WebhookResolver } from './resolver';
import { postJson, type PostResult } from './transport';

/** Deliveries one sender claims at a time. */
const BATCH = 100;
/** Posts in flight at once per sender. */
const PARALLEL = 16;

interface Claimed {
  id: string;
  tenant_id: string;
  webhook_id: string;
  dedupe_key: string;
  event_type: string;
  body: string;
  attempts: number;
  url: string;
  secret: string | null;
  previous_secret: string | null;
  previous_until: Date | null;
}

export interface WebhookRun {
  delivered: number;
  retried: number;
  recovered: number;
  disabled: number;
}

/**
 * Delivers the webhooks' outbox (docs/integrations-webhooks.md). Each delivery is claimed in a
 * short transaction of its own (FOR UPDATE SKIP LOCKED with a lease, so several instances share
 * the work and never take the same row), posted signed, then marked. A record's delivery is
 * claimable only once every earlier one of that record is delivered, so a receiver sees a
 * record's events in order. A claim whose lease ran out belongs to a sender that died: it is
 * sent again (at least once; the envelope's id lets the receiver drop the repeat).
 */
@Injectable()
export class WebhookSender extends PumpedSender<Claimed> {
  private readonly log = new Logger('webhooks.sender');
  protected readonly pump: OutboxPump<Claimed>;

  constructor(
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(DB) private readonly db: Db,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    private readonly commands: WebhookCommands,
    private readonly resolver: WebhookResolver,
  ) {
    super();
    this.pump = new OutboxPump({
      parallel: PARALLEL,
      pollMs: this.config.pollMs,
      claim: (limit) => this.claim(new Date(), limit),
      send: (d) => this.deliver(d, new Date()),
      recover: (now) => this.recover(now),
      enabled: () => this.sends(),
      failed: (err, d) => this.log.error(d ? `delivery ${d.id} failed: ${String(err)}` : `delivering failed: ${String(err)}`),
    });
  }

  protected sends(): boolean {
    return this.app.eventing.autostart && this.config.senderOn;
  }

  /**
   * Due deliveries of enabled webhooks, each the oldest still pending of its record: a record's
   * later event waits while an earlier one is queued (retrying) or being sent.
   */
  private async claim(now: Date, limit: number): Promise<Claimed[]> {
    const until = new Date(now.getTime() + this.config.leaseMs);
    const res = await sql<Claimed>`
      WITH claimed AS (
        UPDATE webhook_deliveries d
        SET status = 'sending', attempts = d.attempts + 1, claimed_until = ${until}, attempted_at = ${now}
        WHERE d.id IN (
          SELECT q.id FROM webhook_deliveries q
          JOIN webhooks w ON w.id = q.webhook_id AND w.tenant_id = q.tenant_id AND w.enabled
          WHERE q.status = 'queued' AND q.next_attempt_at <= ${now}
            AND NOT EXISTS (
              SELECT 1 FROM webhook_deliveries p
              WHERE p.webhook_id = q.webhook_id AND p.record_key = q.record_key AND p.status IN ('queued', 'sending') AND p.seq < q.seq)
          ORDER BY q.seq
          LIMIT ${limit}
          FOR UPDATE OF q SKIP LOCKED)
        AND d.status = 'queued'
        RETURNING d.id, d.tenant_id, d.webhook_id, d.dedupe_key, d.event_type, d.body, d.attempts, d.seq)
      SELECT c.*, w.url, s.secret, s.previous_secret, s.previous_until
      FROM claimed c
      JOIN webhooks w ON w.id = c.webhook_id
      LEFT JOIN webhook_secrets s ON s.webhook_id = c.webhook_id
      ORDER BY c.seq`.execute(this.db);
    return res.rows;
  }

  /** One pass at `now`, awaited whole (tests pin the clock with it): recover dead claims, then claim and post one batch. */
  async run(now = new Date()): Promise<WebhookRun> {
    const out: WebhookRun = { delivered: 0, retried: 0, recovered: 0, disabled: 0 };
    out.recovered = await this.recover(now);
    await eachInParallel(await this.claim(now, BATCH), PARALLEL, async (d) => {
      const outcome = await this.deliver(d, now);
      if (outcome === 'disabled') {
        out.disabled++;
        out.retried++;
      } else out[outcome]++;
    });
    return out;
  }

  /** The headers of one attempt: the signature over this attempt's timestamp and the exact body sent. */
  headers(d: Pick<Claimed, 'dedupe_key' | 'id' | 'event_type' | 'body' | 'secret' | 'previous_secret' | 'previous_until'>, now: Date): Record<string, string> {
    const t = Math.floor(now.getTime() / 1000);
    const secrets = [d.secret, d.previous_until && d.previous_until > now ? d.previous_secret : null].filter((s): s is string => !!s);
    const envelopeId = (JSON.parse(d.body) as { id: string }).id;
    return {
      'user-agent': 'Tabour-Webhooks/1',
      [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secrets, t, d.body),
      'tabour-event-id': envelopeId,
      'tabour-event-type': d.event_type,
      'tabour-delivery-id': d.id,
    };
  }

  private async deliver(d: Claimed, now: Date): Promise<'delivered' | 'retried' | 'disabled'> {
    const result: PostResult = d.secret
      ? await postJson(d.url, d.body, this.headers(d, now), {
          timeoutMs: this.config.timeoutMs,
          allowLoopback: this.config.allowLoopback,
          resolve: (host) => this.resolver.resolve(host),
        })
      : { status: null, body: null, error: 'the webhook has no secret', durationMs: 0 };
    // The socket's own words stay in the installation's log; the business sees result.error alone.
    if (result.detail) this.log.debug(`delivery ${d.id} of webhook ${d.webhook_id}: ${result.error} (${result.detail})`);
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await this.delivered(d, result, now);
      return 'delivered';
    }
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        response_status: result.status,
        response_body: result.body,
        error: result.error,
        duration_ms: result.durationMs,
        claimed_until: null,
        status: 'queued',
        next_attempt_at: new Date(now.getTime() + retryDelayMs(d.attempts, this.config.retryFirstMs)),
      })
      .where('id', '=', d.id)
      .where('status', '=', 'sending')
      .execute();
    return (await this.failing(d, now)) ? 'disabled' : 'retried';
  }

  /**
   * A success, in one statement: the row marked, and the webhook's health told when it was
   * failing or its last success is more than a second old (16 deliveries in flight to one
   * receiver would otherwise queue on its health row's lock). When it was failing, what waited
   * for the receiver to come back goes now rather than at its next retry.
   */
  private async delivered(d: Claimed, result: PostResult, now: Date): Promise<void> {
    const res = await sql<{ was_failing: boolean | null }>`
      WITH marked AS (
        UPDATE webhook_deliveries
        SET status = 'delivered', delivered_at = ${now}, claimed_until = NULL, response_status = ${result.status},
          response_body = ${result.body}, error = NULL, duration_ms = ${result.durationMs}
        WHERE id = ${d.id} AND status = 'sending'
        RETURNING id),
      healed AS (
        UPDATE webhook_health h SET failing_since = NULL, last_success_at = ${now}
        FROM (SELECT failing_since FROM webhook_health WHERE webhook_id = ${d.webhook_id}) old
        WHERE h.webhook_id = ${d.webhook_id}
          AND (h.failing_since IS NOT NULL OR h.last_success_at IS NULL OR h.last_success_at < ${new Date(now.getTime() - 1000)})
        RETURNING old.failing_since IS NOT NULL AS was_failing)
      SELECT (SELECT was_failing FROM healed) AS was_failing`.execute(this.db);
    if (res.rows[0]?.was_failing) {
      await this.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: now })
        .where('webhook_id', '=', d.webhook_id)
        .where('status', '=', 'queued')
        .where('next_attempt_at', '>', now)
        .execute();
      this.wake();
    }
  }

  /** A failure: counted from the first of an unbroken run; past the horizon the webhook is disabled and its business told (in the bell). */
  private async failing(d: Claimed, now: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('webhook_health')
      .values({ webhook_id: d.webhook_id, tenant_id: d.tenant_id, failing_since: now, last_failure_at: now })
      .onConflict((oc) =>
        oc.column('webhook_id').doUpdateSet({ failing_since: sql`COALESCE(webhook_health.failing_since, excluded.failing_since)`, last_failure_at: now }),
      )
      .returning('failing_since')
      .executeTakeFirstOrThrow();
    if (!row.failing_since || !pastHorizon(row.failing_since, now, this.config.disableAfterDays)) return false;
    try {
      const { events } = await this.commands.run(
        { type: 'DisableFailingWebhook', webhook_id: d.webhook_id, business_id: d.tenant_id, failing_since: row.failing_since.toISOString() },
        d.tenant_id,
        { type: 'system', name: 'webhooks' },
      );
      if (events.length) this.log.warn(`webhook ${d.webhook_id} disabled: failing since ${row.failing_since.toISOString()}`);
      return events.length > 0;
    } catch (err) {
      // Deleted meanwhile: nothing left to disable.
      this.log.warn(`webhook ${d.webhook_id} could not be disabled: ${String(err)}`);
      return false;
    }
  }

  /** Claims whose sender died (its lease ran out): given back to the queue, to be sent again. */
  private async recover(now: Date): Promise<number> {
    const res = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'queued', next_attempt_at: now, claimed_until: null, error: 'the sender stopped before the answer was recorded' })
      .where('status', '=', 'sending')
      .where('claimed_until', '<', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
