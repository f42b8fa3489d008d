import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadConfig } from '@tabour/platform';
import { createApp } from '../../apps/api/src/bootstrap';
import { createTestDatabase, TestDatabase } from './db';

export interface TestApp {
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database, the captcha off and registrations approved at once,
 * as an installation for automated tests is configured.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    APPROVE_REGISTRATIONS: 'auto',
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/${process.env.TABOUR_TEST_RUN}-data`,
    BROADCAST_PORT: '0',
    // Small chunks, so the tests' short histories read the feed through chunks and rows alike.
    FEED_CHUNK_EVENTS: '5',
    ...env,
  });
  const app = await createApp(config, database.url, { logger: ['error'] });
  return {
    app,
    http: () => request(app.getHttpServer()),
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
