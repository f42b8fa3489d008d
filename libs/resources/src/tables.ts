import type { ColumnType, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ResourcesTable {
  id: string;
  tenant_id: string;
  name: string;
  kind: string;
  capacity: number;
  department_ids: JSONColumnType<string[], string, string>;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The resources context's tables: what its queries (`Kysely<ResourcesTables>`) may read. */
export interface ResourcesTables {
  resources: ResourcesTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends ResourcesTables {}
}
