import { deleteRow, handlerProjection, updateRow } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { ResourceEvent } from '../resource';
import '../tables';

/** The resources screen's rows, written in the append's transaction so the form reads its own save. */
export const resourceProjection = handlerProjection<ResourceEvent, Database>('resources.resources', ['resources'], {
  ResourceCreated: (db, e) => {
    const { resource_id, business_id, department_ids, ...fields } = e.data;
    const at = e.recordedAt;
    return db
      .insertInto('resources')
      .values({ id: resource_id, tenant_id: business_id, ...fields, department_ids: JSON.stringify(department_ids), created_at: at, updated_at: at })
      .execute();
  },
  ResourceUpdated: (db, e) => {
    const { department_ids, ...changes } = e.data.changes;
    return updateRow(db, 'resources', e.data.business_id, e.data.resource_id, {
      ...changes,
      ...(department_ids ? { department_ids: JSON.stringify(department_ids) } : {}),
      updated_at: e.recordedAt,
    });
  },
  ResourceDeleted: (db, e) => deleteRow(db, 'resources', e.data.business_id, e.data.resource_id),
});
