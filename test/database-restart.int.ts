import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import type { TestApp } from './support/app';
import { ensureApiBuild, freePort, MAIN, track } from './support/cluster';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter } from './support/queue-fixtures';

const ROOT = path.resolve(__dirname, '..');
const OUTAGE_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The embedded PostgreSQL in a process of the test's own, so that the test can stop it and start it again. */
async function startDatabase(dataDir: string, port: number): Promise<{ process: ChildProcess; url: string; log: string[] }> {
  const log: string[] = [];
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'support/embedded-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port), DATABASE_URL: '' },
  });
  track(child, log, 'SIGTERM');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const ready = /ready (\S+)/.exec(chunk.toString());
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the embedded PostgreSQL exited (${code}): ${log.join('\n')}`)));
  });
  return { process: child, url, log };
}

const stopped = (p: ChildProcess) => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => p.once('exit', () => r())));

/**
 * PostgreSQL itself stopped for 30 s and started again, as a restart or an upgrade of the server
 * does: meanwhile `/health` says not ready (503) and every call answers 503; after it the API is
 * ready again by itself, and nothing it acknowledged was lost.
 */
describe('the API while its PostgreSQL is stopped and started again', () => {
  let dataDir: string;
  let pgPort: number;
  let database: Awaited<ReturnType<typeof startDatabase>>;
  let api: ChildProcess;
  const apiLog: string[] = [];
  let url: string;
  let broadcastUrl: string;
  let t: TestApp;
  let owner: Staff;
  let socket: Socket | undefined;

  beforeAll(async () => {
    ensureApiBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tabour-restart-'));
    // As root, PostgreSQL runs as its own user, which must enter the folder.
    chmodSync(dataDir, 0o755);
    pgPort = await freePort();
    database = await startDatabase(path.join(dataDir, 'data'), pgPort);
    const [port, broadcastPort] = [await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    broadcastUrl = `http://127.0.0.1:${broadcastPort}`;
    api = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        PORT: String(port),
        BROADCAST_PORT: String(broadcastPort),
        CAPTCHA: 'off',
        SEED_DEMO: 'false',
        DATA_DIR: path.join(dataDir, 'app'),
      },
    });
    track(api, apiLog);
    for (let i = 0; ; i++) {
      if (api.exitCode !== null) throw new Error(`the API exited:\n${apiLog.join('\n')}`);
      if ((await fetch(`${url}/health`).catch(() => null))?.status === 200) break;
      if (i > 1200) throw new Error(`the API never answered /health:\n${apiLog.join('\n')}`);
      await sleep(100);
    }
    t = { http: () => request(url) } as TestApp;
    owner = await newBusiness(t, 'Restart Clinic');
  }, 300_000);
  afterAll(async () => {
    socket?.close();
    api?.kill('SIGKILL');
    if (api) await stopped(api);
    database?.process.kill('SIGTERM');
    if (database) await stopped(database.process);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the database is away, is ready again after it, and lost nothing', async () => {
    const q = await newQueue(t, owner, { name: 'Restart' }, ['Desk 1']);
    await openCounter(t, owner, q.id, q.counters[0].id);
    const push = () => t.http().put(`/business/queue/${q.id}/push`).set(owner.h).send({});
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) acknowledged.push((await push()).body.id);
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(broadcastUrl, { auth: { token: owner.token }, transports: ['websocket'] });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    const notices: number[] = [];
    socket.on('change', () => notices.push(Date.now()));

    database.process.kill('SIGTERM');
    await stopped(database.process);
    const downAt = Date.now();
    const health: Record<string, number> = {};
    const calls: Record<string, number> = {};
    const tally = (into: Record<string, number>, status: number | string) => (into[status] = (into[status] ?? 0) + 1);
    let retryAfter: string | undefined;
    while (Date.now() - downAt < OUTAGE_MS) {
      const h = await fetch(`${url}/health`).catch(() => null);
      tally(health, h?.status ?? 'no answer');
      const p = await push().catch(() => null);
      tally(calls, p?.status ?? 'no answer');
      if (p?.status === 503) retryAfter = p.headers['retry-after'];
      if (p?.status === 201) acknowledged.push(p.body.id);
      await sleep(500);
    }
    expect(api.exitCode).toBeNull();
    expect(Object.keys(health)).toEqual(['503']);
    expect(Object.keys(calls)).toEqual(['503']);
    expect(retryAfter).toBe('2');

    database = await startDatabase(path.join(dataDir, 'data'), pgPort);
    const upAt = Date.now();
    while ((await fetch(`${url}/health`).catch(() => null))?.status !== 200) {
      if (Date.now() - upAt > 30_000) throw new Error(`not ready 30 s after the database came back:\n${apiLog.slice(-30).join('\n')}`);
      await sleep(100);
    }
    const readyMs = Date.now() - upAt;

    const after = await push();
    expect(after.status).toBe(201);
    acknowledged.push(after.body.id);
    // The socket's notices and the subscriptions come back by themselves.
    const noticeAt = Date.now();
    while (!notices.some((n) => n >= noticeAt - 1000)) {
      if (Date.now() - noticeAt > 15_000) throw new Error('no change notice after the database came back');
      await sleep(50);
    }
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      const stored = await admin.query(`SELECT id::text FROM queue_tickets WHERE queue_id = $1`, [q.id]);
      expect(stored.rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
      const head = Number((await admin.query(`SELECT max(position) AS p FROM es_events`)).rows[0].p);
      const caughtUpAt = Date.now();
      for (;;) {
        const behind = await admin.query(`SELECT name FROM es_checkpoints WHERE position < $1`, [head]);
        if (!behind.rows.length) break;
        if (Date.now() - caughtUpAt > 20_000) throw new Error(`subscriptions behind: ${behind.rows.map((r) => r.name).join(', ')}`);
        await sleep(100);
      }
      console.log(
        `database stopped ${OUTAGE_MS / 1000} s: /health ${JSON.stringify(health)}, pushes ${JSON.stringify(calls)}; ready ${readyMs} ms after it came back; ${acknowledged.length} pushes acknowledged, ${stored.rows.length} stored, 0 lost; every subscription at the head ${Date.now() - caughtUpAt} ms after the first push`,
      );
    } finally {
      await admin.end();
    }
  }, 120_000);
});
