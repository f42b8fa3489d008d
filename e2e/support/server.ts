import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mailboxDir, readMailbox } from '@tabour/notifications';
import { loadConfig } from '@tabour/platform';
import { RegistrationService } from '../../apps/api/src/accounts/registration.service';
import { createApp } from '../../apps/api/src/bootstrap';
import { StaffAccounts } from '../../apps/api/src/common/staff-accounts';
import { runBuild } from '../../test/support/build';
import { createTestDatabase, TestDatabase } from '../../test/support/db';

const ROOT = path.resolve(__dirname, '../..');
const WEB = path.join(ROOT, 'apps/web');
const DIST_INDEX = path.join(WEB, 'dist/index.html');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds the web app when dist is missing or older than its sources; one build at a time. */
export function ensureWebBuild(): void {
  const sources = Math.max(
    newestSource(path.join(WEB, 'src')),
    // Copied as they are into dist (the service worker).
    newestSource(path.join(WEB, 'public')),
    ...['index.html', 'vite.config.ts', 'package.json'].map((f) => statSync(path.join(WEB, f)).mtimeMs),
  );
  const fresh = () => existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs >= sources;
  if (fresh()) return;
  const lock = path.join(WEB, '.build-lock');
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 180_000) throw new Error(`${lock} is held: remove it if no build runs`);
      sleep(500);
    }
  }
  try {
    // Jest sets NODE_ENV=test, which Vite would keep: the screens are tested as they ship.
    if (!fresh()) runBuild('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
  } finally {
    rmdirSync(lock);
  }
}

export interface E2eServer {
  url: string;
  app: NestExpressApplication;
  database: TestDatabase;
  approve(email: string): Promise<void>;
  setPassword(businessId: string, userId: string, password: string): Promise<void>;
  /** The same service `npm run accounts -- set-package <email> <package> [plan]` runs. */
  setPackage(email: string, pkg: 'FREE' | 'LIBERUP' | 'LIBERPRO', plan?: 'monthly' | 'yearly' | null): Promise<void>;
  /** The newest e-mail the installation sent to `to` (its local mailbox). */
  lastEmail(to: string): Promise<{ subject: string; text: string } | undefined>;
  close(): Promise<void>;
}

/**
 * The whole product on an ephemeral port, as production serves it: the API and the built web
 * app on one origin, a fresh database, the captcha off, registrations approved by hand.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  ensureWebBuild();
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    APPROVE_REGISTRATIONS: 'manual',
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/${process.env.TABOUR_TEST_RUN}-e2e-data`,
    BROADCAST_PORT: '0',
    WEB_DIST: path.join(WEB, 'dist'),
    ...env,
  });
  const app = await createApp(config, database.url, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    // The same service `npm run accounts -- approve <email>` runs.
    async approve(email) {
      await app.get(RegistrationService).approve(email, { type: 'system', name: 'e2e' });
    },
    async setPackage(email, pkg, plan = null) {
      await app.get(RegistrationService).setPackage(email, pkg, pkg === 'FREE' ? null : (plan ?? 'monthly'), { type: 'system', name: 'e2e' });
    },
    async setPassword(businessId, userId, password) {
      await app.get(StaffAccounts).setPassword(businessId, userId, password, { type: 'system' });
    },
    async lastEmail(to) {
      return (await readMailbox(mailboxDir(config.dataDir), { to, limit: 1 }))[0];
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
