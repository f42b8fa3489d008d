import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { loadConfig } from '@tabour/platform';
import { AppModule } from '../../apps/api/src/app.module';
import { runBuild } from './build';
import { createTestDatabase, TestDatabase } from './db';

const ROOT = path.resolve(__dirname, '../..');
/**
 * The test's own build, apart from `npm start`'s dist/apps: wiped before each build, so that no
 * output of a deleted or moved source (a stale queue.js beside a new queue/index.js) survives.
 */
const OUT = path.join(ROOT, 'dist/scale-out');
export const MAIN = path.join(OUT, 'apps/api/src/main.js');
const SOURCES = ['apps/api/src', 'libs', 'migrations'].map((d) => path.join(ROOT, d));
const LOG_KEPT = 200;

/** The newest change under a folder: a file written, or an entry added, removed or renamed. */
function newest(dir: string): number {
  let t = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the API as `npm run build:api` does, into its own folder, when that is missing or older than its sources;
 * one build at a time. A failed build, a type error included, throws with the compiler's output,
 * as `npm start` would stop.
 */
export function ensureApiBuild(): void {
  const fresh = () => existsSync(MAIN) && statSync(MAIN).mtimeMs >= Math.max(...SOURCES.map(newest));
  if (fresh()) return;
  // Beside the build, under the ignored dist/, so that a lock left by a killed run never shows in git.
  mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
  const lock = path.join(ROOT, 'dist/.scale-out-build-lock');
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 180_000) throw new Error(`${lock} is held: remove it if no build runs`);
      pause(500);
    }
  }
  try {
    if (fresh()) return;
    const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
    rmSync(OUT, { recursive: true, force: true });
    try {
      runBuild(bin('tsc'), ['-p', 'apps/api/tsconfig.build.json', '--outDir', OUT], { cwd: ROOT });
      runBuild(bin('tsc-alias'), ['-p', 'apps/api/tsconfig.build.json', '--outDir', OUT], { cwd: ROOT });
    } catch (err) {
      // tsc emits in spite of type errors: what it wrote must not pass for a fresh build in the next test.
      rmSync(OUT, { recursive: true, force: true });
      throw err;
    }
    if (!existsSync(MAIN)) throw new Error(`the API build emitted no ${MAIN}`);
  } finally {
    rmdirSync(lock);
  }
}

/** A free loopback port (the kernel's choice, released at once for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Instance {
  /** Also its PostgreSQL application_name: pg_stat_activity tells which instance a backend serves. */
  name: string;
  port: number;
  broadcastPort: number;
  url: string;
  broadcastUrl: string;
  process?: ChildProcess;
  log: string[];
  alive(): boolean;
}

export interface Cluster {
  database: TestDatabase;
  instances: Instance[];
  /** The reverse proxy's HTTP address (round robin over the instances). */
  url: string;
  /** The reverse proxy's broadcast address (sticky by client address). */
  broadcastUrl: string;
  http(): ReturnType<typeof request>;
  /** kill -9 (or another signal) and wait until the process is gone. */
  kill(instance: Instance, signal?: NodeJS.Signals): Promise<void>;
  start(instance: Instance): Promise<void>;
  /** The product's own modules in this process, on the cluster's database: no port, no job, no subscription. */
  context(): Promise<INestApplicationContext>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  env?: Record<string, string>;
}

const running = new Map<ChildProcess, NodeJS.Signals>();
// Whatever ends the test process (a failure, a timeout), no child outlives it; nginx's master
// is asked to stop (SIGTERM), so that it stops its workers too.
process.once('exit', () => {
  for (const [p, signal] of running) p.kill(signal);
});

export function track(p: ChildProcess, log: string[], exitSignal: NodeJS.Signals = 'SIGKILL'): void {
  running.set(p, exitSignal);
  p.once('exit', () => running.delete(p));
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split('\n').filter(Boolean));
    if (log.length > LOG_KEPT) log.splice(0, log.length - LOG_KEPT);
  };
  p.stdout?.on('data', keep);
  p.stderr?.on('data', keep);
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const healthy = async (url: string) => (await fetch(`${url}/health`)).status === 200;

function stopped(p: ChildProcess | undefined): Promise<void> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => p.once('exit', () => resolve()));
}

/**
 * nginx in front of the instances: round robin for the API (any instance answers any call), and
 * ip_hash for the broadcast port, because socket.io's polling transport needs every request of a
 * session on the same instance. A failed call is not passed to another instance: nginx counts PUT
 * as idempotent and would send again a push the dead instance may have committed; the caller
 * gets a 502 instead, and a failed instance is left out for 2 s.
 */
function nginxConfig(dir: string, instances: Instance[], port: number, broadcastPort: number): string {
  const servers = (key: 'port' | 'broadcastPort') => instances.map((i) => `    server 127.0.0.1:${i[key]} max_fails=1 fail_timeout=2s;`).join('\n');
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  # The workers may run as another user than the test's temporary folder allows: bodies and
  # answers stay in memory rather than in temporary files.
  client_body_buffer_size 2m;
  proxy_max_temp_file_size 0;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream api {
${servers('port')}
    keepalive 64;
  }
  upstream broadcast {
    ip_hash;
${servers('broadcastPort')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 60m;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream off;
      add_header X-Upstream $upstream_addr always;
    }
  }
  server {
    listen 127.0.0.1:${broadcastPort};
    location / {
      proxy_pass http://broadcast;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/**
 * Several API processes, built and started as `npm start` starts one, on one fresh database
 * behind nginx on loopback ports. close() ends every process it started, and drops the database.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!nginx) throw new Error('nginx is not installed (on Debian: apt-get install -y nginx); .ci/run installs it');
  ensureApiBuild();
  const database = await createTestDatabase(4);
  const dir = mkdtempSync(path.join(tmpdir(), 'tabour-cluster-'));
  const instances: Instance[] = [];
  for (let i = 1; i <= (options.instances ?? 3); i++) {
    const [port, broadcastPort] = [await freePort(), await freePort()];
    const p: Instance = {
      name: `tabour-${i}`,
      port,
      broadcastPort,
      url: `http://127.0.0.1:${port}`,
      broadcastUrl: `http://127.0.0.1:${broadcastPort}`,
      log: [],
      alive: () => !!p.process && p.process.exitCode === null && p.process.signalCode === null,
    };
    instances.push(p);
  }
  const [proxyPort, proxyBroadcastPort] = [await freePort(), await freePort()];
  let proxy: ChildProcess | undefined;
  let context: INestApplicationContext | undefined;
  const proxyLog: string[] = [];

  const start = async (instance: Instance) => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', instance.name);
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: url.toString(),
        PORT: String(instance.port),
        BROADCAST_PORT: String(instance.broadcastPort),
        PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
        PUBLIC_BROADCAST_PORT: String(proxyBroadcastPort),
        CAPTCHA: 'off',
        SEED_DEMO: 'false',
        APPROVE_REGISTRATIONS: 'auto',
        DATA_DIR: path.join(dir, 'data'),
        DB_POOL_SIZE: '10',
        ...options.env,
      },
    });
    instance.process = child;
    track(child, instance.log);
    await waitUntil(
      async () => {
        if (!instance.alive()) throw new Error(`${instance.name} exited:\n${instance.log.join('\n')}`);
        return healthy(instance.url);
      },
      `${instance.name} to answer /health`,
      60_000,
    ).catch((err) => {
      throw new Error(`${String(err)}\n${instance.log.slice(-30).join('\n')}`);
    });
  };

  const kill = async (instance: Instance, signal: NodeJS.Signals = 'SIGKILL') => {
    const p = instance.process;
    if (!instance.alive()) return;
    p!.kill(signal);
    await stopped(p);
  };

  const close = async () => {
    // SIGTERM lets nginx's master stop its workers; the instances need no grace.
    await Promise.all(instances.map((i) => kill(i)));
    if (proxy && proxy.exitCode === null) {
      proxy.kill('SIGTERM');
      await stopped(proxy);
    }
    await context?.close().catch(() => undefined);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // All at once: the migrations they run on start take Kysely's migration lock in turn.
    await Promise.all(instances.map(start));
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, instances, proxyPort, proxyBroadcastPort));
    proxy = spawn(nginx, ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    track(proxy, proxyLog, 'SIGTERM');
    await waitUntil(
      async () => {
        if (proxy!.exitCode !== null) throw new Error(`nginx exited: ${proxyLog.join('\n')}`);
        return healthy(`http://127.0.0.1:${proxyPort}`);
      },
      'nginx to answer',
      15_000,
    );
  } catch (err) {
    await close();
    throw err;
  }

  return {
    database,
    instances,
    url: `http://127.0.0.1:${proxyPort}`,
    broadcastUrl: `http://127.0.0.1:${proxyBroadcastPort}`,
    http: () => request(`http://127.0.0.1:${proxyPort}`),
    kill,
    start,
    async context() {
      if (context) return context;
      // Only the parts: no port taken, no subscription or job started in this process.
      const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', BROADCAST_PORT: '0', DATA_DIR: path.join(dir, 'data'), EVENTING_AUTOSTART: 'off' });
      context = await NestFactory.createApplicationContext(AppModule.forRoot(config, database.url), { logger: ['error'] });
      await context.init();
      return context;
    },
    close,
  };
}

export interface ProbeSubscriber {
  name: string;
  process: ChildProcess;
  log: string[];
}

/**
 * A process running one subscription exactly as the API runs its own: the built event store,
 * its lock and poll defaults. Its handler records each event's position and the process's name
 * in the batch's transaction, so a batch handled twice would show as two rows. (The API itself
 * registers no subscription today: every projection is inline.)
 */
export function startProbeSubscriber(databaseUrl: string, name: string, subscription: string, table: string): ProbeSubscriber {
  // The build startCluster made: building again here could wipe it under the running instances.
  if (!existsSync(path.join(OUT, 'libs/eventstore/src/index.js'))) ensureApiBuild();
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  const script = `
    const { Kysely, PostgresDialect, sql } = require('kysely');
    const { Pool } = require('pg');
    const es = require(${JSON.stringify(path.join(OUT, 'libs/eventstore/src'))});
    const url = process.env.DATABASE_URL;
    const db = new Kysely({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 2 }) }) });
    const manager = new es.SubscriptionManager(new es.PgEventStore(db), es.connectTo(url));
    manager.subscribe(${JSON.stringify(subscription)}, { categories: ['probe'] }, async (events, trx) => {
      for (const e of events) await sql\`INSERT INTO ${table} (position, holder) VALUES (\${e.position}, \${process.env.PROBE_NAME})\`.execute(trx);
    });
    manager.start().then(() => console.log('started'));
  `;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, DATABASE_URL: url.toString(), PROBE_NAME: name },
  });
  const log: string[] = [];
  track(child, log);
  return { name, process: child, log };
}

/** Ends a child the way kill -9 does, and waits until it is gone. */
export async function killHard(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  p.kill('SIGKILL');
  await stopped(p);
}
