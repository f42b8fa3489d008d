import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import {
  PUBLIC_EVENT_TYPES,
  WEBHOOK_ALL_TYPES,
  WEBHOOK_REPLAY_MAX,
  type PublicEventType,
  type Webhook,
  type WebhookDelivery,
  type WebhookReplay,
  type WebhookWithSecret,
} from '@tabour/contracts';
import { toRecorded, type EventRow } from '@tabour/eventstore';
import { checkWebhook, deliveriesFor, isPublicType, newWebhookSecret, sourcesOf, toPublicEvents, urlProblem, type WebhookSettings } from '@tabour/integrations';
import { Db, invalid, notFound, type UserPrincipal } from '@tabour/platform';
import { actorOf } from '../../common/actor';
import { selectPage } from '../../common/paged-select';
import type { PageRequest } from '../../common/paging';
import { DB } from '../../common/tokens';
import { WebhookCommands } from './commands';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from './config';
import { resolvedHostProblem, WebhookResolver } from './resolver';
import { WebhookSecretWrites } from './secrets';
import { WebhookSender } from './sender';

const COLUMNS = ['w.id', 'w.url', 'w.event_types', 'w.enabled', 'w.description', 'w.disabled_reason', 'w.created_at', 'w.updated_at'] as const;

/**
 * The business's webhooks (docs/integrations-webhooks.md): settings through the webhook streams'
 * commands, the secret shown once, the delivery log, redeliver and replay.
 */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    private readonly commands: WebhookCommands,
    private readonly secrets: WebhookSecretWrites,
    private readonly sender: WebhookSender,
    private readonly resolver: WebhookResolver,
  ) {}

  private get context() {
    return { known_types: PUBLIC_EVENT_TYPES as readonly string[], policy: { allowLoopback: this.config.allowLoopback } };
  }

  /**
   * A host name is resolved when the webhook is saved, so that one pointing at a private network
   * is refused at once (422, naming the field); each delivery checks the address it connects to again.
   */
  private async checkHost(url: string | undefined): Promise<void> {
    if (!url) return;
    const problem = await resolvedHostProblem(url, this.config.allowLoopback, (host) => this.resolver.resolve(host));
    if (problem) throw invalid(problem, { url: [problem] }, 'validation_failed');
  }

  async create(user: UserPrincipal, body: Partial<WebhookSettings> & { url: string; event_types: string[] }): Promise<WebhookWithSecret<Date>> {
    const id = randomUUID();
    const settings: WebhookSettings = { url: body.url, event_types: body.event_types, enabled: body.enabled ?? true, description: body.description ?? null };
    const command = { type: 'CreateWebhook' as const, webhook_id: id, business_id: user.tenantId, settings, ...this.context };
    const secret = newWebhookSecret();
    // The form's own problems first (https, types…): they say more than a failed name lookup.
    checkWebhook(settings, this.context.known_types, this.context.policy);
    await this.checkHost(body.url);
    await this.secrets.withSecret(id, secret, () => this.commands.run(command, user.tenantId, actorOf(user), true));
    return { ...(await this.one(user.tenantId, id)), secret };
  }

  async update(user: UserPrincipal, id: string, changes: Partial<WebhookSettings>): Promise<Webhook<Date>> {
    const problem = changes.url === undefined ? null : urlProblem(changes.url.trim(), this.context.policy);
    if (problem) throw invalid(problem, { url: [problem] }, 'validation_failed');
    await this.checkHost(changes.url);
    const clean = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<WebhookSettings>;
    const { events } = await this.commands.run(
      { type: 'UpdateWebhook', webhook_id: id, business_id: user.tenantId, changes: clean, ...this.context },
      user.tenantId,
      actorOf(user),
    );
    if (events.some((e) => e.type === 'WebhookUpdated' && e.data.changes.enabled === true)) this.sender.wake();
    return this.one(user.tenantId, id);
  }

  async remove(user: UserPrincipal, id: string): Promise<{ id: string }> {
    await this.commands.run({ type: 'DeleteWebhook', webhook_id: id, business_id: user.tenantId }, user.tenantId, actorOf(user));
    return { id };
  }

  /** A new secret, shown this once; the old one still signs beside it for a day. */
  async rotate(user: UserPrincipal, id: string): Promise<WebhookWithSecret<Date>> {
    const secret = newWebhookSecret();
    await this.secrets.withSecret(id, secret, () =>
      this.commands.run({ type: 'RotateWebhookSecret', webhook_id: id, business_id: user.tenantId }, user.tenantId, actorOf(user)),
    );
    return { ...(await this.one(user.tenantId, id)), secret };
  }

  private base(tenantId: string) {
    return this.db
      .selectFrom('webhooks as w')
      .leftJoin('webhook_health as h', 'h.webhook_id', 'w.id')
      .where('w.tenant_id', '=', tenantId)
      .select(COLUMNS)
      .select(['h.failing_since', 'h.last_success_at'])
      .select((eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .whereRef('d.webhook_id', '=', 'w.id')
          .where('d.status', 'in', ['queued', 'sending'])
          .select(sql<number>`count(*)::int`.as('n'))
          .as('pending'),
      );
  }

  private toWebhook(r: Record<string, unknown>): Webhook<Date> {
    return { ...(r as unknown as Webhook<Date>), pending: Number(r.pending ?? 0) };
  }

  async list(tenantId: string): Promise<Webhook<Date>[]> {
    const rows = await this.base(tenantId).orderBy('w.created_at').orderBy('w.id').execute();
    return rows.map((r) => this.toWebhook(r));
  }

  async one(tenantId: string, id: string): Promise<Webhook<Date>> {
    const row = await this.base(tenantId).where('w.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return this.toWebhook(row);
  }

  /** The delivery log, newest first; `status` narrows it. */
  async deliveries(tenantId: string, id: string, page: PageRequest, status?: string) {
    await this.one(tenantId, id);
    let base = this.db.selectFrom('webhook_deliveries').where('tenant_id', '=', tenantId).where('webhook_id', '=', id);
    if (status) base = base.where('status', '=', status as never);
    return selectPage(
      base,
      (q) =>
        q
          .select([
            'id',
            'body',
            'event_type',
            'position',
            'cause',
            'status',
            'attempts',
            'response_status',
            'response_body',
            'error',
            'duration_ms',
            'next_attempt_at',
            'created_at',
            'attempted_at',
            'delivered_at',
          ])
          .orderBy('seq', 'desc'),
      page,
      (r): WebhookDelivery<Date> => {
        const { body, ...rest } = r;
        return {
          ...rest,
          event_id: (JSON.parse(body) as { id: string }).id,
          position: Number(r.position),
          next_attempt_at: r.status === 'queued' ? r.next_attempt_at : null,
        };
      },
    );
  }

  /** The same event sent again (same envelope, so a receiver that has it drops the repeat), after what its record still has pending. */
  async redeliver(tenantId: string, id: string, deliveryId: string): Promise<WebhookDelivery<Date>> {
    await this.one(tenantId, id);
    const original = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('webhook_id', '=', id)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (!original) throw notFound();
    const newId = randomUUID();
    await this.db
      .insertInto('webhook_deliveries')
      .values({
        id: newId,
        tenant_id: tenantId,
        webhook_id: id,
        dedupe_key: `redeliver:${newId}`,
        event_id: original.event_id,
        position: original.position,
        event_type: original.event_type,
        record_key: original.record_key,
        body: original.body,
        cause: 'redeliver',
      })
      .execute();
    this.sender.wake();
    const page = await this.deliveries(tenantId, id, { limit: 1, offset: 0, page: 1 });
    return page.data.find((d) => d.id === newId) ?? page.data[0];
  }

  /**
   * The business's events from a global position, in position order (per record, the log's
   * order), queued again for this webhook's types; at most WEBHOOK_REPLAY_MAX per call, the
   * answer naming where to carry on.
   */
  async replay(tenantId: string, id: string, fromPosition: number): Promise<WebhookReplay> {
    const hook = await this.one(tenantId, id);
    const types = hook.event_types.includes(WEBHOOK_ALL_TYPES) ? undefined : (hook.event_types.filter(isPublicType) as PublicEventType[]);
    const sources = sourcesOf(types);
    const batch = randomUUID();
    let queued = 0;
    let from = fromPosition;
    const PAGE = 1000;
    for (let read = 0; read < WEBHOOK_REPLAY_MAX;) {
      const take = Math.min(PAGE, WEBHOOK_REPLAY_MAX - read);
      const rows = await sql<EventRow>`
        SELECT position, transaction_id::text AS transaction_id, stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at
        FROM es_events
        WHERE tenant_id = ${tenantId} AND position >= ${from} AND event_type = ANY(${[...sources]}::text[])
        ORDER BY position
        LIMIT ${take}`.execute(this.db);
      if (!rows.rows.length) return this.woken({ queued, next_position: null });
      const envelopes = rows.rows.flatMap((r) =>
        toPublicEvents(toRecorded(r), { personal: false, transactionId: r.transaction_id ?? null }).map((envelope) => ({ envelope, eventId: r.event_id })),
      );
      const deliveries = deliveriesFor(envelopes, [{ id, tenant_id: tenantId, event_types: hook.event_types }], 'replay', batch);
      if (deliveries.length) {
        await this.db.insertInto('webhook_deliveries').values(deliveries).execute();
        queued += deliveries.length;
      }
      read += rows.rows.length;
      from = Number(rows.rows[rows.rows.length - 1].position) + 1;
      if (rows.rows.length < take) return this.woken({ queued, next_position: null });
    }
    // Stopped at the cap: whether anything is left decides the answer.
    const more = await sql<{ position: string }>`
      SELECT position FROM es_events WHERE tenant_id = ${tenantId} AND position >= ${from} AND event_type = ANY(${[...sources]}::text[]) ORDER BY position LIMIT 1`.execute(
      this.db,
    );
    return this.woken({ queued, next_position: more.rows.length ? Number(more.rows[0].position) : null });
  }

  private woken<T>(value: T): T {
    this.sender.wake();
    return value;
  }
}
