import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { createTestDatabase, TestDatabase } from './support/db';
import { STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { until } from './support/until';

const ROOT = path.resolve(__dirname, '..');

/** A server process with LOG_FORMAT=json, its standard output kept line by line. */
describe('logs: JSON lines on standard output', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  const stdout: string[] = [];
  let stderr = '';
  let base: string;

  const lines = () => stdout.filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    database = await createTestDatabase();
    server = spawn(process.execPath, ['-r', '@swc-node/register', 'test/support/serve.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'debug',
        CAPTCHA: 'off',
        SEED_DEMO: 'false',
        APPROVE_REGISTRATIONS: 'auto',
        BROADCAST_PORT: '0',
        DATA_DIR: `/tmp/${process.env.TABOUR_TEST_RUN}-logs`,
      },
    });
    let partial = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      stdout.push(...parts);
    });
    server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const port = await until(
      () => {
        if (server.exitCode !== null) throw new Error(`the server exited: ${stderr}\n${stdout.join('\n')}`);
        const m = stdout.map((l) => /listening on (\d+)/.exec(l)).find(Boolean);
        return m?.[1];
      },
      'the server to listen',
      90_000,
    );
    base = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await database?.drop();
  });

  it('writes one line per request with its method, route pattern, status, duration, tenant and request id, and no secret', async () => {
    const email = uniqueEmail();
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const reg = await post('/business/account/register', {
      business_name: 'Logged Clinic',
      first_name: 'Owner',
      last_name: 'Person',
      email,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      terms: true,
      country: 'TN',
    });
    expect(reg.status).toBeLessThan(300);
    const login = await post('/business/account/auth', { email, password: STRONG_PASSWORD, ip: '' });
    const { token, business } = (await login.json()) as { token: string; business: { id: string } };
    const h = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${base}/business/queue/create`, {
      method: 'PUT',
      headers: h,
      body: JSON.stringify({ name: 'Logged queue', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }),
    });
    expect(created.status).toBe(201);
    const queue = (await created.json()) as { id: string };

    const read = await fetch(`${base}/business/queue/${queue.id}`, { headers: { ...h, 'X-Request-Id': 'trace-7f3a.01' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-request-id')).toBe('trace-7f3a.01');
    // An id that could break a line or forge one is replaced by one of the server's.
    const odd = await fetch(`${base}/health`, { headers: { 'X-Request-Id': 'a b\u00e9"}' } });
    const given = odd.headers.get('x-request-id')!;
    expect(given).toMatch(/^[0-9a-f-]{36}$/);

    const line = await until(() => lines().find((l) => l.requestId === 'trace-7f3a.01'), 'the request line');
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/business/queue/:id',
      status: 200,
      tenant: business.id,
      msg: 'GET /business/queue/:id 200',
    });
    expect(typeof line.durationMs).toBe('number');
    expect(line.durationMs as number).toBeGreaterThan(0);
    expect(typeof line.time).toBe('string');
    // The probe's line is at debug, with the id the server gave it.
    expect(await until(() => lines().find((l) => l.requestId === given), 'the probe line')).toMatchObject({ level: 'debug', route: '/health' });

    const all = stdout.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(STRONG_PASSWORD);
    expect(all).not.toContain(queue.id);
    expect(all).not.toMatch(/authorization|cookie/i);
    // Nest's own loggers come out as JSON lines through the same logger, with their context.
    expect(lines().some((l) => l.context === 'eventing' && /subscriptions started/.test(String(l.msg)))).toBe(true);
    expect(lines().every((l) => typeof l.level === 'string' && typeof l.time === 'string')).toBe(true);
  });
});
