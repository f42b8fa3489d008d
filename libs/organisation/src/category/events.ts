import type { CategoryFields, CategoryIds } from './commands';

export type CategoryEvent =
  | { type: 'CategoryCreated'; data: CategoryIds & CategoryFields }
  | { type: 'CategoryUpdated'; data: CategoryIds & { changes: Partial<CategoryFields> } }
  | { type: 'CategoryDeleted'; data: CategoryIds };

export const CATEGORY_EVENT_TYPES = ['CategoryCreated', 'CategoryUpdated', 'CategoryDeleted'] as const;
