import { deleteRow, handlerProjection, updateRow } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { HolidayEvent } from '../holiday';
import { json } from './rows';

/** The absences and closures, with their approval. */
export const holidayProjection = handlerProjection<HolidayEvent, Database>('organisation.holidays', ['holidays'], {
  HolidayCreated: (db, e) => {
    const { holiday_id, business_id: tenant, member_ids, ...fields } = e.data;
    return db
      .insertInto('holidays')
      .values({ id: holiday_id, tenant_id: tenant, ...fields, member_ids: json(member_ids), created_at: e.recordedAt })
      .execute();
  },
  HolidayStatusChanged: (db, e) => updateRow(db, 'holidays', e.data.business_id, e.data.holiday_id, { status: e.data.status }),
  HolidayDeleted: (db, e) => deleteRow(db, 'holidays', e.data.business_id, e.data.holiday_id),
});
