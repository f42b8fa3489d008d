export interface CatalogState {
  order: string[];
}

export const initialCatalogState = (): CatalogState => ({ order: [] });

export const catalogStream = (businessId: string) => `servicecatalog-${businessId}`;
