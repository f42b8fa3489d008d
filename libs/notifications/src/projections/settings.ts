import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS, type NotificationSettings, type SmsSettings } from '@tabour/contracts';
import { handlerProjection, type ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { NotificationSettingsEvent } from '../settings';
import '../tables';

/**
 * The organisation context's fact that carries the business's SMS sender name, read here so
 * `notification_settings.sms` is the whole of the SMS settings the sender needs in one row.
 */
interface SenderNameChanged {
  type: 'BusinessInformationUpdated';
  data: { business_id: string; changes: { sms_sender_name?: string | null } };
}

type Db = ProjectionDb<Database>;
type Row = { settings: NotificationSettings; sms: SmsSettings };

async function upsertSettings(db: Db, tenantId: string, at: Date, change: (row: Row) => Row) {
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
export const notificationSettingsProjection = handlerProjection<NotificationSettingsEvent | SenderNameChanged, Database>(
  'notifications.settings',
  ['notification_settings', 'message_templates', 'sms_opt_outs'],
  {
    BusinessInformationUpdated: async (db, e) => {
      const name = e.data.changes.sms_sender_name;
      if (name !== undefined) await upsertSettings(db, e.data.business_id, e.recordedAt, (r) => ({ ...r, sms: { ...r.sms, sender_name: name } }));
    },
    NotificationSettingsChanged: (db, e) => upsertSettings(db, e.data.business_id, e.recordedAt, (r) => ({ ...r, settings: e.data.settings })),
    SmsSettingsChanged: (db, e) => {
      const { enabled_types, fallback_to_email } = e.data;
      return upsertSettings(db, e.data.business_id, e.recordedAt, (r) => ({ ...r, sms: { ...r.sms, enabled_types, fallback_to_email } }));
    },
    MessageTemplateSaved: (db, e) => {
      const { business_id: tenant_id, message_type, language, channel, subject, body } = e.data;
      return db
        .insertInto('message_templates')
        .values({ tenant_id, message_type, language, channel, subject, body, updated_at: e.recordedAt })
        .onConflict((oc) => oc.columns(['tenant_id', 'message_type', 'language', 'channel']).doUpdateSet({ subject, body, updated_at: e.recordedAt }))
        .execute();
    },
    MessageTemplateReset: (db, e) =>
      db
        .deleteFrom('message_templates')
        .where('tenant_id', '=', e.data.business_id)
        .where('message_type', '=', e.data.message_type)
        .where('language', '=', e.data.language)
        .where('channel', '=', e.data.channel)
        .execute(),
    SmsNumberOptedOut: (db, e) =>
      db
        .insertInto('sms_opt_outs')
        .values({ tenant_id: e.data.business_id, phone: e.data.phone, opted_out_at: e.recordedAt })
        .onConflict((oc) => oc.columns(['tenant_id', 'phone']).doNothing())
        .execute(),
    SmsNumberOptedIn: (db, e) => db.deleteFrom('sms_opt_outs').where('tenant_id', '=', e.data.business_id).where('phone', '=', e.data.phone).execute(),
  },
);
