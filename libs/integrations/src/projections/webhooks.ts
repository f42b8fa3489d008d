import { handlerProjection } from '@tabour/eventstore';
import type { Database, Db } from '@tabour/platform';
import type { WebhookEvent } from '../webhooks/webhook';
import '../webhooks/tables';

/** The webhook's row, found by its business and id. */
const row = (db: Pick<Db, 'updateTable'>, data: { business_id: string; webhook_id: string }) =>
  db.updateTable('webhooks').where('tenant_id', '=', data.business_id).where('id', '=', data.webhook_id);

/**
 * The `webhooks` rows, in the command's own transaction (the settings screen reads its write at
 * once, and the recorder never sees an event for a webhook that is not yet in the table).
 */
export const webhooksProjection = handlerProjection<WebhookEvent, Database>('integrations.webhook-settings', ['webhooks'], {
  WebhookCreated: (db, e) => {
    const { url, event_types, enabled, description } = e.data.settings;
    return db
      .insertInto('webhooks')
      .values({
        id: e.data.webhook_id,
        tenant_id: e.data.business_id,
        ...{ url, event_types, enabled, description },
        disabled_reason: null,
        created_at: e.recordedAt,
        updated_at: e.recordedAt,
      })
      .execute();
  },
  WebhookUpdated: (db, e) => {
    const c = e.data.changes;
    return row(db, e.data)
      .set({
        ...(c.url !== undefined && { url: c.url }),
        ...(c.event_types !== undefined && { event_types: c.event_types }),
        ...(c.description !== undefined && { description: c.description }),
        // Turned on again by its business: the reason it stopped no longer holds.
        ...(c.enabled !== undefined && { enabled: c.enabled, disabled_reason: null }),
        updated_at: e.recordedAt,
      })
      .execute();
  },
  WebhookDisabled: (db, e) => row(db, e.data).set({ enabled: false, disabled_reason: e.data.reason, updated_at: e.recordedAt }).execute(),
  WebhookSecretRotated: (db, e) => row(db, e.data).set({ updated_at: e.recordedAt }).execute(),
  WebhookDeleted: (db, e) => db.deleteFrom('webhooks').where('tenant_id', '=', e.data.business_id).where('id', '=', e.data.webhook_id).execute(),
});
