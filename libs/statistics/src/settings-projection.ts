import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import './settings-tables';
import { REPORT_SETTING_EVENT_TYPES, STATISTICS_SETTINGS_EVENT_TYPES, type ReportSettingEvent, type StatisticsSettingsEvent } from './settings';

/**
 * `statistics_settings` and `report_settings`, in the append's transaction so a screen reads
 * its own save at once. It reads nothing but its events: `npm run rebuild -- statistics.settings`.
 */
export const statisticsSettingsProjection: InlineProjection<StatisticsSettingsEvent | ReportSettingEvent, Database> = {
  name: 'statistics.settings',
  tables: ['statistics_settings', 'report_settings'],
  handles: [...STATISTICS_SETTINGS_EVENT_TYPES, ...REPORT_SETTING_EVENT_TYPES],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'ServiceLevelTargetSet': {
          const values = { service_level_target_seconds: e.data.target_seconds, updated_at: at };
          await db
            .insertInto('statistics_settings')
            .values({ tenant_id: tenant, ...values })
            .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
            .execute();
          break;
        }
        case 'ReportSettingCreated':
        case 'ReportSettingUpdated': {
          const { business_id: _b, id, content, ...fields } = e.data;
          const values = { ...fields, content: JSON.stringify(content), updated_at: at };
          await db
            .insertInto('report_settings')
            .values({ tenant_id: tenant, id, ...values, created_at: at })
            .onConflict((oc) => oc.column('id').doUpdateSet(values))
            .execute();
          break;
        }
        case 'ReportSettingDeleted':
          await db.deleteFrom('report_settings').where('tenant_id', '=', tenant).where('id', '=', e.data.id).execute();
          break;
      }
    }
  },
};
