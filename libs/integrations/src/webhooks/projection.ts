import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from './webhook';
import './tables';

/**
 * The `webhooks` rows, in the command's own transaction (the settings screen reads its write at
 * once, and the recorder never sees an event for a webhook that is not yet in the table).
 */
export const webhooksProjection: InlineProjection<WebhookEvent, Database> = {
  name: 'integrations.webhook-settings',
  tables: ['webhooks'],
  handles: WEBHOOK_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const { webhook_id: id, business_id: tenant } = e.data;
      const row = db.updateTable('webhooks').where('tenant_id', '=', tenant).where('id', '=', id);
      switch (e.type) {
        case 'WebhookCreated': {
          const s = e.data.settings;
          await db
            .insertInto('webhooks')
            .values({
              id,
              tenant_id: tenant,
              url: s.url,
              event_types: s.event_types,
              enabled: s.enabled,
              description: s.description,
              disabled_reason: null,
              created_at: e.recordedAt,
              updated_at: e.recordedAt,
            })
            .execute();
          break;
        }
        case 'WebhookUpdated': {
          const c = e.data.changes;
          await row
            .set({
              ...(c.url !== undefined && { url: c.url }),
              ...(c.event_types !== undefined && { event_types: c.event_types }),
              ...(c.description !== undefined && { description: c.description }),
              // Turned on again by its business: the reason it stopped no longer holds.
              ...(c.enabled !== undefined && { enabled: c.enabled, disabled_reason: null }),
              updated_at: e.recordedAt,
            })
            .execute();
          break;
        }
        case 'WebhookDisabled':
          await row.set({ enabled: false, disabled_reason: e.data.reason, updated_at: e.recordedAt }).execute();
          break;
        case 'WebhookSecretRotated':
          await row.set({ updated_at: e.recordedAt }).execute();
          break;
        case 'WebhookDeleted':
          await db.deleteFrom('webhooks').where('tenant_id', '=', tenant).where('id', '=', id).execute();
          break;
      }
    }
  },
};
