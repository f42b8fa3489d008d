import type { ColumnType } from 'kysely';
import type { Decider, InlineProjection } from '@tabour/eventstore';
import { deleteRow, updateRow } from '@tabour/eventstore';
import { notFound, type Database } from '@tabour/platform';
import { addError, isHexColour, throwIfAny, type FieldErrors } from '../shared';

/** A category of the business (/settings/category): a name and a colour of its own. */
export interface CategoryFields {
  name: string;
  color: string | null;
}
export const categoryStream = (id: string) => `category-${id}`;

type Ids = { category_id: string; business_id: string };
export type CategoryCommand =
  | (Ids & { type: 'CreateCategory'; fields: CategoryFields })
  | (Ids & { type: 'UpdateCategory'; fields: Partial<CategoryFields> })
  | (Ids & { type: 'DeleteCategory' });
export type CategoryEvent =
  | { type: 'CategoryCreated'; data: Ids & CategoryFields }
  | { type: 'CategoryUpdated'; data: Ids & { changes: Partial<CategoryFields> } }
  | { type: 'CategoryDeleted'; data: Ids };
export const CATEGORY_EVENT_TYPES = ['CategoryCreated', 'CategoryUpdated', 'CategoryDeleted'] as const;
export type CategoryState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & CategoryFields);

function check(f: CategoryFields): CategoryFields {
  const errors: FieldErrors = {};
  const name = typeof f.name === 'string' ? f.name.trim() : '';
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (f.color != null && !isHexColour(f.color)) addError(errors, 'color', 'Enter a colour as #rrggbb');
  throwIfAny(errors);
  return { name, color: f.color ?? null };
}

export const categoryDecider: Decider<CategoryCommand, CategoryState, CategoryEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const ids = { category_id: command.category_id, business_id: command.business_id };
    if (command.type === 'CreateCategory') return state.status === 'none' ? [{ type: 'CategoryCreated', data: { ...ids, ...check(command.fields) } }] : [];
    // Another business's category answers as a missing one.
    if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound('Category not found');
    if (command.type === 'DeleteCategory') return [{ type: 'CategoryDeleted', data: ids }];
    const next = check({ name: state.name, color: state.color, ...command.fields });
    const changes: Partial<CategoryFields> = {};
    if (next.name !== state.name) changes.name = next.name;
    if (next.color !== state.color) changes.color = next.color;
    return Object.keys(changes).length ? [{ type: 'CategoryUpdated', data: { ...ids, changes } }] : [];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { status: 'active', business_id: event.data.business_id, name: event.data.name, color: event.data.color };
      case 'CategoryUpdated':
        return state.status === 'none' ? state : { ...state, ...event.data.changes };
      case 'CategoryDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};

type Timestamp = ColumnType<Date, Date | string, Date | string>;
export interface BusinessCategoriesTable {
  id: string;
  tenant_id: string;
  name: string;
  color: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '@tabour/platform' {
  interface Database {
    business_categories: BusinessCategoriesTable;
  }
}

export const categoryProjection: InlineProjection<CategoryEvent, Database> = {
  name: 'organisation.categories',
  tables: ['business_categories'],
  handles: CATEGORY_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'CategoryCreated':
          await db
            .insertInto('business_categories')
            .values({ id: e.data.category_id, tenant_id: tenant, name: e.data.name, color: e.data.color, created_at: e.recordedAt, updated_at: e.recordedAt })
            .execute();
          break;
        case 'CategoryUpdated':
          await updateRow(db, 'business_categories', tenant, e.data.category_id, { ...e.data.changes, updated_at: e.recordedAt });
          break;
        case 'CategoryDeleted':
          await deleteRow(db, 'business_categories', tenant, e.data.category_id);
          break;
      }
    }
  },
};
