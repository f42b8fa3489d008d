import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDb, Db } from '@tabour/platform';
import { withDatabase } from './global-setup';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the run's template; drop it in afterAll. */
export async function createTestDatabase(poolSize = 10): Promise<TestDatabase> {
  const adminUrl = process.env.TABOUR_TEST_ADMIN_URL!;
  const name = `${process.env.TABOUR_TEST_RUN}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.TABOUR_TEST_TEMPLATE}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const { db } = createDb(url, poolSize);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
