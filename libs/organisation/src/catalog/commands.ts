/** The USSD menu order of all a business's services, one stream per business. */
export type CatalogCommand = { type: 'ReorderServices'; business_id: string; order: string[]; existing: string[] };
