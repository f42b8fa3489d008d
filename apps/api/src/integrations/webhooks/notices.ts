import type { InlineProjection } from '@tabour/eventstore';
import type { WebhookEvent } from '@tabour/integrations';
import { noticeStaff } from '@tabour/notifications';
import type { Database } from '@tabour/platform';

/**
 * What a webhook's turning off or on means beyond its row, in the same commit: disabled for
 * failing, the staff's bell says so (once per run of failures); turned on again, its failures are
 * forgotten and what waited is sent at once. It keeps no table of its own, so a rebuild never
 * runs it (a replay would ring the bell again).
 */
export const webhookSwitches: InlineProjection<WebhookEvent, Database> = {
  name: 'integrations.webhook-switches',
  handles: ['WebhookDisabled', 'WebhookUpdated'],
  async apply(db, events) {
    for (const e of events) {
      const { webhook_id: id, business_id: tenant } = e.data;
      if (e.type === 'WebhookDisabled') {
        const hook = await db.selectFrom('webhooks').select('url').where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst();
        await noticeStaff(db, tenant, 'webhook_disabled', `webhook-disabled:${id}:${e.data.failing_since}`, {
          webhook_id: id,
          url: hook?.url ?? null,
          failing_since: e.data.failing_since,
          link: '/settings/integrations',
        });
      } else if (e.type === 'WebhookUpdated' && e.data.changes.enabled === true) {
        await db.updateTable('webhook_health').set({ failing_since: null }).where('webhook_id', '=', id).execute();
        await db
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: e.recordedAt })
          .where('tenant_id', '=', tenant)
          .where('webhook_id', '=', id)
          .where('status', '=', 'queued')
          .execute();
      }
    }
  },
};
