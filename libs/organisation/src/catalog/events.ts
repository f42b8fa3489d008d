export type CatalogEvent = { type: 'ServicesReordered'; data: { business_id: string; order: string[] } };
