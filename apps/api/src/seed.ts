import type { INestApplication } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '@tabour/platform';
import { seedDemoAccounts } from './accounts/demo-seed';
import { DB } from './common/tokens';
import { seedCustomersDemo } from './customers/customers.seed';
import { seedOrganisationDemo } from './organisation/organisation.seed';
import { seedQueuesDemo } from './queues/queues.seed';
import { seedResourcesDemo } from './resources/resources.seed';

/**
 * The demo business (common/demo.ts), seeded on the first start on an empty database. Each
 * context adds its part in order; a context's seeder does nothing when its data is already there.
 */
export type DemoSeeder = (app: INestApplication) => Promise<void>;

export const demoSeeders: DemoSeeder[] = [
  (app) => seedDemoAccounts(app),
  (app) => seedOrganisationDemo(app),
  (app) => seedResourcesDemo(app),
  (app) => seedCustomersDemo(app),
  (app) => seedQueuesDemo(app),
];

/** pg_advisory_lock(SEED_LOCK): one seeding at a time for the whole installation. */
const SEED_LOCK = 0x7a62_0002;

/**
 * Several instances started at once on an empty database would each find no demo business and
 * each register it; under the lock the first seeds and the others find its data there. A killed
 * seeder's lock goes with its connection.
 */
export async function seedDemo(app: INestApplication): Promise<void> {
  await app
    .get<Db>(DB)
    .connection()
    .execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(conn);
      try {
        for (const seeder of demoSeeders) await seeder(app);
      } finally {
        await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
      }
    });
}
