import { Kysely, sql } from 'kysely';

/* Rooms and equipment a booking reserves (docs/resources.md), and the resources each booking holds. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE resources (
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      kind text NOT NULL,
      capacity integer NOT NULL CHECK (capacity >= 1),
      department_ids jsonb NOT NULL DEFAULT '[]',
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX resources_tenant_name ON resources (tenant_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE resources`.execute(db);
}
