import type { CategoryFields } from './commands';

export type CategoryState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & CategoryFields);

export const initialCategoryState = (): CategoryState => ({ status: 'none' });

export const categoryStream = (id: string) => `category-${id}`;
