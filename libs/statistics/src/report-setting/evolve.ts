import type { ReportSettingEvent } from './events';
import type { ReportSettingState } from './state';

export function evolve(state: ReportSettingState, e: ReportSettingEvent): ReportSettingState {
  switch (e.type) {
    case 'ReportSettingCreated':
    case 'ReportSettingUpdated': {
      const { business_id, id: _id, ...fields } = e.data;
      return { exists: true, deleted: false, business_id, fields };
    }
    case 'ReportSettingDeleted':
      return state.exists ? { ...state, deleted: true } : state;
  }
}
