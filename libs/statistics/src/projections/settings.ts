import { handlerProjection, type ProjectionDb, type RecordOf } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { ReportSettingEvent } from '../report-setting';
import type { StatisticsSettingsEvent } from '../settings';
import '../settings-tables';

type Saved = RecordOf<Extract<ReportSettingEvent, { type: 'ReportSettingCreated' | 'ReportSettingUpdated' }>>;

/** A setting as created or as it now stands: the whole of its row. */
function saveReportSetting(db: ProjectionDb<Database>, e: Saved) {
  const { business_id: tenant, id, content, ...fields } = e.data;
  const values = { ...fields, content: JSON.stringify(content), updated_at: e.recordedAt };
  return db
    .insertInto('report_settings')
    .values({ tenant_id: tenant, id, ...values, created_at: e.recordedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/**
 * `statistics_settings` and `report_settings`, in the append's transaction so a screen reads
 * its own save at once. It reads nothing but its events: `npm run rebuild -- statistics.settings`.
 */
export const statisticsSettingsProjection = handlerProjection<StatisticsSettingsEvent | ReportSettingEvent, Database>(
  'statistics.settings',
  ['statistics_settings', 'report_settings'],
  {
    ServiceLevelTargetSet: (db, e) => {
      const values = { service_level_target_seconds: e.data.target_seconds, updated_at: e.recordedAt };
      return db
        .insertInto('statistics_settings')
        .values({ tenant_id: e.data.business_id, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute();
    },
    ReportSettingCreated: saveReportSetting,
    ReportSettingUpdated: saveReportSetting,
    ReportSettingDeleted: (db, e) => db.deleteFrom('report_settings').where('tenant_id', '=', e.data.business_id).where('id', '=', e.data.id).execute(),
  },
);
