import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { AppConfig, startEmbeddedPostgres } from '@tabour/platform';
import { AppModule } from '../apps/api/src/app.module';
import { migrate } from '../apps/api/src/bootstrap';

async function reachable(url: string): Promise<boolean> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` inside the application assembled without HTTP, so that a command line goes
 * through the API's own modules (events, projections, checks). The database is DATABASE_URL,
 * or the embedded server: the running one when the API has started it, else one started here
 * and stopped afterwards.
 */
export async function withAppContext<T>(
  config: AppConfig,
  work: (app: INestApplicationContext) => Promise<T>,
  logger: ('error' | 'warn')[] = ['error'],
): Promise<T> {
  let url = config.databaseUrl;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const running = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/tabour`;
    if (await reachable(running)) url = running;
    else {
      const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
      url = embedded.url;
      stop = () => embedded.stop();
    }
  }
  try {
    await migrate(url);
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, url), { logger });
    try {
      await app.init();
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await stop?.();
  }
}
