import { deleteRow, handlerProjection, updateRow } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { CategoryEvent } from '../category';
import { stamps } from './rows';

/** The business's categories (/settings/category). */
export const categoryProjection = handlerProjection<CategoryEvent, Database>('organisation.categories', ['business_categories'], {
  CategoryCreated: (db, e) =>
    db
      .insertInto('business_categories')
      .values({ id: e.data.category_id, tenant_id: e.data.business_id, name: e.data.name, color: e.data.color, ...stamps(e.recordedAt) })
      .execute(),
  CategoryUpdated: (db, e) => updateRow(db, 'business_categories', e.data.business_id, e.data.category_id, { ...e.data.changes, updated_at: e.recordedAt }),
  CategoryDeleted: (db, e) => deleteRow(db, 'business_categories', e.data.business_id, e.data.category_id),
});
