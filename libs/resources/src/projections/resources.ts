import { deleteRow, updateRow, type InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { RESOURCE_EVENT_TYPES, type ResourceEvent } from '../resource';
import '../tables';

/** The resources screen's rows, written in the append's transaction so the form reads its own save. */
export const resourceProjection: InlineProjection<ResourceEvent, Database> = {
  name: 'resources.resources',
  tables: ['resources'],
  handles: RESOURCE_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'ResourceCreated': {
          const { resource_id, business_id: _b, department_ids, ...fields } = e.data;
          await db
            .insertInto('resources')
            .values({
              id: resource_id,
              tenant_id: tenant,
              ...fields,
              department_ids: JSON.stringify(department_ids),
              created_at: e.recordedAt,
              updated_at: e.recordedAt,
            })
            .execute();
          break;
        }
        case 'ResourceUpdated': {
          const { department_ids, ...changes } = e.data.changes;
          await updateRow(db, 'resources', tenant, e.data.resource_id, {
            ...changes,
            ...(department_ids ? { department_ids: JSON.stringify(department_ids) } : {}),
            updated_at: e.recordedAt,
          });
          break;
        }
        case 'ResourceDeleted':
          await deleteRow(db, 'resources', tenant, e.data.resource_id);
          break;
      }
    }
  },
};
