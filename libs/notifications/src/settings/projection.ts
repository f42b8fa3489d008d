import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS, type NotificationSettings, type SmsSettings } from '@tabour/contracts';
import type { InlineProjection, ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import '../tables';
import { NOTIFICATION_SETTINGS_EVENT_TYPES, type NotificationSettingsEvent } from './settings';

/**
 * The organisation context's fact that carries the business's SMS sender name, read here so
 * `notification_settings.sms` is the whole of the SMS settings the sender needs in one row.
 */
interface SenderNameChanged {
  type: 'BusinessInformationUpdated';
  data: { business_id: string; changes: { sms_sender_name?: string | null } };
}

type Db = ProjectionDb<Database>;

async function upsertSettings(
  db: Db,
  tenantId: string,
  at: Date,
  change: (row: { settings: NotificationSettings; sms: SmsSettings }) => { settings: NotificationSettings; sms: SmsSettings },
) {
  const row = await db.selectFrom('notification_settings').select(['settings', 'sms']).where('tenant_id', '=', tenantId).executeTakeFirst();
  const next = change(row ?? { settings: DEFAULT_NOTIFICATION_SETTINGS, sms: DEFAULT_SMS_SETTINGS });
  const values = { settings: JSON.stringify(next.settings), sms: JSON.stringify(next.sms), updated_at: at };
  await db
    .insertInto('notification_settings')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
}

/** `notification_settings`, `message_templates` (the business's own only) and `sms_opt_outs`. */
export const notificationSettingsProjection: InlineProjection<NotificationSettingsEvent | SenderNameChanged, Database> = {
  name: 'notifications.settings',
  tables: ['notification_settings', 'message_templates', 'sms_opt_outs'],
  handles: [...NOTIFICATION_SETTINGS_EVENT_TYPES, 'BusinessInformationUpdated'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'BusinessInformationUpdated': {
          const name = e.data.changes.sms_sender_name;
          if (name !== undefined) await upsertSettings(db, tenant, at, (r) => ({ ...r, sms: { ...r.sms, sender_name: name } }));
          break;
        }
        case 'NotificationSettingsChanged':
          await upsertSettings(db, tenant, at, (r) => ({ ...r, settings: e.data.settings }));
          break;
        case 'SmsSettingsChanged': {
          const { enabled_types, fallback_to_email } = e.data;
          await upsertSettings(db, tenant, at, (r) => ({ ...r, sms: { ...r.sms, enabled_types, fallback_to_email } }));
          break;
        }
        case 'MessageTemplateSaved': {
          const { message_type, language, channel, subject, body } = e.data;
          await db
            .insertInto('message_templates')
            .values({ tenant_id: tenant, message_type, language, channel, subject, body, updated_at: at })
            .onConflict((oc) => oc.columns(['tenant_id', 'message_type', 'language', 'channel']).doUpdateSet({ subject, body, updated_at: at }))
            .execute();
          break;
        }
        case 'MessageTemplateReset':
          await db
            .deleteFrom('message_templates')
            .where('tenant_id', '=', tenant)
            .where('message_type', '=', e.data.message_type)
            .where('language', '=', e.data.language)
            .where('channel', '=', e.data.channel)
            .execute();
          break;
        case 'SmsNumberOptedOut':
          await db
            .insertInto('sms_opt_outs')
            .values({ tenant_id: tenant, phone: e.data.phone, opted_out_at: at })
            .onConflict((oc) => oc.columns(['tenant_id', 'phone']).doNothing())
            .execute();
          break;
        case 'SmsNumberOptedIn':
          await db.deleteFrom('sms_opt_outs').where('tenant_id', '=', tenant).where('phone', '=', e.data.phone).execute();
          break;
      }
    }
  },
};
