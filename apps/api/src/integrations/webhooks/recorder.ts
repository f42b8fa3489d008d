import { Injectable, OnModuleInit } from '@nestjs/common';
import { sql, Transaction } from 'kysely';
import type { RecordedEvent } from '@tabour/eventstore';
import { deliveriesFor, PUBLIC_SOURCE_TYPES, toPublicEvents, type WebhookTarget } from '@tabour/integrations';
import type { Database } from '@tabour/platform';
import { ProjectionRegistry } from '../../eventing/projection-registry';
import { WebhookSender } from './sender';

export const WEBHOOKS_SUBSCRIPTION = 'integrations.webhooks';

type Trx = Transaction<Database>;

/**
 * The webhooks' recorder (docs/integrations-webhooks.md): one subscription over the events that
 * have a public form, run by one API instance at a time. Each batch writes its delivery rows in
 * the transaction that moves the checkpoint, so every (webhook, event) is recorded exactly once,
 * whatever crashes; the sender is woken after the commit. It starts at the head of the log on an
 * installation with history (migrations/20261127081500_webhooks.ts) and is never rebuilt: the
 * outbox is not a read model.
 */
@Injectable()
export class WebhookRecorder implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly sender: WebhookSender,
  ) {}

  onModuleInit(): void {
    this.registry.subscribe(WEBHOOKS_SUBSCRIPTION, { eventTypes: [...PUBLIC_SOURCE_TYPES] }, (events, trx) => this.handle(events, trx as unknown as Trx), {
      batchSize: 500,
      pollIntervalMs: 1000,
      // Only deliveries just recorded need the sender now; its poll finds any others.
      afterCommit: (_handled, recorded) => {
        if ((recorded as number) > 0) this.sender.wake();
      },
    });
  }

  async handle(events: RecordedEvent[], trx: Trx): Promise<number> {
    const tenants = [...new Set(events.map((e) => e.tenantId).filter((t): t is string => !!t))];
    if (!tenants.length) return 0;
    const targets: WebhookTarget[] = await trx
      .selectFrom('webhooks')
      .select(['id', 'tenant_id', 'event_types'])
      .where('tenant_id', 'in', tenants)
      .where('enabled', '=', true)
      .execute();
    if (!targets.length) return 0;
    const hooked = new Set(targets.map((t) => t.tenant_id));
    const concerned = events.filter((e) => e.tenantId && hooked.has(e.tenantId));
    if (!concerned.length) return 0;
    // The writing transaction makes each envelope's cursor, so a receiver can go on from a delivery with the feed.
    const txids = await sql<{ position: string; transaction_id: string }>`
      SELECT position, transaction_id::text AS transaction_id FROM es_events WHERE position = ANY(${concerned.map((e) => e.position)}::bigint[])`.execute(trx);
    const txOf = new Map(txids.rows.map((r) => [Number(r.position), r.transaction_id]));
    // Webhooks carry no personal data (docs/integrations-webhooks.md): the receiver's URL is not a place to copy customers' details to.
    const envelopes = concerned.flatMap((e) =>
      toPublicEvents(e, { personal: false, transactionId: txOf.get(e.position) ?? null }).map((envelope) => ({ envelope, eventId: e.eventId })),
    );
    const rows = deliveriesFor(envelopes, targets, 'event');
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('webhook_deliveries')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['webhook_id', 'dedupe_key']).doNothing())
        .execute();
    }
    return rows.length;
  }
}
