import { Injectable } from '@nestjs/common';
import type { InlineProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import '@tabour/integrations';

/** How long a rotated secret still signs deliveries beside the new one, so a receiver can switch at leisure. */
export const PREVIOUS_SECRET_HONOURED_MS = 24 * 3_600_000;

type Data = { webhook_id: string; business_id: string };

/**
 * Writes a webhook's signing secret in the transaction of the event that announces it, without
 * the secret entering the event (as accounts.secrets does for password hashes): the command puts
 * it here under the webhook's id and this projection, run inside the append, stores it. A delete
 * drops the secret and cancels what was still to be sent in the same commit. Replaying the log
 * finds nothing pending: secrets are state, not history.
 */
@Injectable()
export class WebhookSecretWrites implements InlineProjection {
  readonly name = 'integrations.webhook-secrets';
  readonly handles = ['WebhookCreated', 'WebhookSecretRotated', 'WebhookDeleted'] as const;
  private readonly pending = new Map<string, string>();

  async withSecret<T>(webhookId: string, secret: string, run: () => Promise<T>): Promise<T> {
    this.pending.set(webhookId, secret);
    try {
      return await run();
    } finally {
      this.pending.delete(webhookId);
    }
  }

  async apply(db: ProjectionDb<Database>, events: RecordedEvent<string, Record<string, unknown>>[]): Promise<void> {
    for (const e of events) {
      const { webhook_id: id, business_id: tenant } = e.data as Data;
      if (e.type === 'WebhookDeleted') {
        await db.deleteFrom('webhook_secrets').where('webhook_id', '=', id).execute();
        await db.deleteFrom('webhook_health').where('webhook_id', '=', id).execute();
        await db
          .updateTable('webhook_deliveries')
          .set({ status: 'cancelled', claimed_until: null })
          .where('tenant_id', '=', tenant)
          .where('webhook_id', '=', id)
          .where('status', 'in', ['queued', 'sending'])
          .execute();
        continue;
      }
      const secret = this.pending.get(id);
      if (!secret) continue;
      if (e.type === 'WebhookCreated') {
        await db.insertInto('webhook_secrets').values({ webhook_id: id, tenant_id: tenant, secret, updated_at: e.recordedAt }).execute();
        // The sender only updates this row on a success: it exists from the start.
        await db
          .insertInto('webhook_health')
          .values({ webhook_id: id, tenant_id: tenant })
          .onConflict((oc) => oc.column('webhook_id').doNothing())
          .execute();
        continue;
      }
      const current = await db.selectFrom('webhook_secrets').select('secret').where('webhook_id', '=', id).executeTakeFirst();
      await db
        .updateTable('webhook_secrets')
        .set({
          secret,
          previous_secret: current?.secret ?? null,
          previous_until: new Date(e.recordedAt.getTime() + PREVIOUS_SECRET_HONOURED_MS),
          updated_at: e.recordedAt,
        })
        .where('webhook_id', '=', id)
        .execute();
    }
  }
}
