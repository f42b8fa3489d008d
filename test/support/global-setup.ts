import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
// Module by module: jest's path mapping does not apply to a global setup, and the package's
// index reaches @tabour/contracts (error codes, roles) through that mapping.
import { createDb } from '../../libs/platform/src/database';
import { startEmbeddedPostgres } from '../../libs/platform/src/embedded';
import { migrateToLatest } from '../../libs/platform/src/migrate';

declare global {
  var __tabourStopPg: (() => Promise<void>) | undefined;
}

/**
 * Every test run gets its own databases: a template migrated once, cloned per test file.
 * The machine's server keeps whatever an earlier run left, so nothing is shared with it.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TABOUR_TEST_TEMPLATE) return; // several projects in one run share one template
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'tabour-pg-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const handle = await startEmbeddedPostgres(dir, port);
    adminUrl = handle.url;
    globalThis.__tabourStopPg = handle.stop;
  }
  const run = `tabour_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${run}_tpl`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const { db } = createDb(withDatabase(adminUrl, template), 2);
  await migrateToLatest(db);
  await db.destroy();
  process.env.TABOUR_TEST_ADMIN_URL = adminUrl;
  process.env.TABOUR_TEST_RUN = run;
  process.env.TABOUR_TEST_TEMPLATE = template;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
