/** A category of the business (/settings/category): a name and a colour of its own. */
export interface CategoryFields {
  name: string;
  color: string | null;
}

export type CategoryIds = { category_id: string; business_id: string };

export type CategoryCommand =
  | (CategoryIds & { type: 'CreateCategory'; fields: CategoryFields })
  | (CategoryIds & { type: 'UpdateCategory'; fields: Partial<CategoryFields> })
  | (CategoryIds & { type: 'DeleteCategory' });
