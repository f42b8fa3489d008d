import { notFound } from '@tabour/platform';
import type { ReportSettingCommand, ReportSettingFields } from './commands';
import type { ReportSettingEvent } from './events';
import { mergeReportSetting } from './fields';
import type { ReportSettingState } from './state';

const sameFields = (a: ReportSettingFields, b: ReportSettingFields) => JSON.stringify(a) === JSON.stringify(b);

export function decide(c: ReportSettingCommand, state: ReportSettingState): ReportSettingEvent[] {
  if (c.type === 'CreateReportSetting') {
    if (state.exists) throw notFound();
    return [{ type: 'ReportSettingCreated', data: { business_id: c.business_id, id: c.id, ...mergeReportSetting(null, c.input) } }];
  }
  // Another business's setting answers as a missing one, so ids cannot be probed.
  if (!state.exists || state.deleted || state.business_id !== c.business_id) throw notFound();
  if (c.type === 'DeleteReportSetting') return [{ type: 'ReportSettingDeleted', data: { business_id: c.business_id, id: c.id } }];
  const fields = mergeReportSetting(state.fields, c.input);
  if (sameFields(fields, state.fields)) return [];
  return [{ type: 'ReportSettingUpdated', data: { business_id: c.business_id, id: c.id, ...fields } }];
}
