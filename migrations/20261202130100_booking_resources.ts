import { Kysely, sql } from 'kysely';

/* The resources each booking holds (docs/resources.md), read by the resource guard under the resource's lock. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE booking_resources (
      tenant_id uuid NOT NULL,
      booking_id uuid NOT NULL,
      resource_id uuid NOT NULL,
      PRIMARY KEY (booking_id, resource_id)
    );
    CREATE INDEX booking_resources_resource ON booking_resources (tenant_id, resource_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE booking_resources`.execute(db);
}
