import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { ensureWebBuild } from '../../e2e/support/server';
import { launchBrowser } from '../../e2e/support/browser';
import { apiCaller } from '../api';
import { benchApp } from '../app';
import { BenchContext, BenchSuite, percentile } from '../harness';

const WAITING = 1000;

interface Load {
  /** Largest contentful paint, ms from the navigation's start. */
  lcp: number;
  /** Scripts as transferred (compressed) and as decoded, bytes. */
  jsWire: number;
  jsBytes: number;
  scripts: number;
}

/**
 * One cold load (a fresh browser context: empty cache) of `url`, settled once `ready` shows and
 * the network is idle; its LCP as the browser reports it, and the scripts it fetched.
 */
async function load(browser: Browser, url: string, ready: string, init?: (c: BrowserContext) => Promise<unknown>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  try {
    if (init) await init(context);
    const page = await context.newPage();
    const scripts: Promise<[number, number]>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(
        Promise.all([res.request().sizes(), res.body().catch(() => Buffer.alloc(0))]).then(([sizes, body]) => [sizes.responseBodySize, body.length]),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          // Buffered: the entries recorded before the observer; the last one is the LCP.
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        }),
    );
    const sizes = await Promise.all(scripts);
    return { lcp, jsWire: sizes.reduce((a, s) => a + s[0], 0), jsBytes: sizes.reduce((a, s) => a + s[1], 0), scripts: sizes.length };
  } finally {
    await context.close();
  }
}

async function loads(browser: Browser, n: number, url: string, ready: string, init?: (c: BrowserContext) => Promise<unknown>): Promise<Load[]> {
  // One load first to warm the server (its first page read, the JIT): not counted.
  await load(browser, url, ready, init);
  const out: Load[] = [];
  for (let i = 0; i < n; i++) out.push(await load(browser, url, ready, init));
  return out;
}

const p95 = (xs: Load[]) =>
  percentile(
    xs.map((x) => x.lcp).sort((a, b) => a - b),
    95,
  );

/** The floor: a tiny page with one heading, from a bare HTTP server on the same loopback. */
function floorServer(): Promise<Server> {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><h1>Tabour</h1></body></html>';
  const server = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The built web app as a browser gets it on loopback (system Chromium, cold cache each load):
 * what /login downloads, and the largest contentful paint of /login and of a waiting list of
 * 1,000 tickets, each beside a floor measured in the same run (a one-heading page; the same
 * screen with an empty list).
 */
async function run(ctx: BenchContext): Promise<void> {
  const n = Math.max(5, Math.round(20 * Math.min(1, ctx.scale)));
  ensureWebBuild();
  const { url } = await ctx.createDatabase(4);
  const app = await benchApp(url, { DAY_END_JOB: 'off' });
  const floor = await floorServer();
  let browser: Browser | undefined;
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const call = apiCaller(() => base);

    const email = `bench.${randomUUID().slice(0, 8)}@example.test`;
    const password = 'Str0ng!Pass';
    await call('POST', '/business/account/register', null, {
      business_name: 'Bench Web',
      first_name: 'Amira',
      last_name: 'Admin',
      email,
      password,
      password_confirmation: password,
      terms: true,
      country: 'TN',
    });
    const session = (await call('POST', '/business/account/auth', null, { email, password, ip: '' })) as { token: string; user: unknown; business: unknown };
    const owner = session.token;
    const queue = async (name: string, prefix: string) =>
      ((await call('PUT', '/business/queue/create', owner, { name, ticket_prefix: prefix, counters: [{ name: 'Desk 1' }] })) as { id: string }).id;
    const full = await queue('Hall', 'A');
    const empty = await queue('Side', 'S');
    const t0 = Date.now();
    for (let i = 0; i < WAITING; i += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, WAITING - i) }, (_, k) => call('PUT', `/business/queue/${full}/push`, owner, { customer_name: `Guest ${i + k}` })),
      );
    ctx.log(`web: ${WAITING} tickets waiting in ${Math.round((Date.now() - t0) / 1000)} s`);
    const loggedIn = (c: BrowserContext) =>
      c.addInitScript(
        `localStorage.setItem('tabour.session', ${JSON.stringify(JSON.stringify({ token: session.token, user: session.user, business: session.business }))})`,
      );

    browser = await launchBrowser();
    const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`;
    const floorLoads = await loads(browser, n, floorUrl, 'h1');
    const login = await loads(browser, n, `${base}/login`, '[data-testid="login-submit"]');
    const emptyList = await loads(browser, n, `${base}/queues/${empty}/waitinglist`, '[data-testid="waiting-empty"]', loggedIn);
    const fullList = await loads(browser, n, `${base}/queues/${full}/waitinglist`, 'tr[data-testid^="waiting-A"]', loggedIn);

    const kb = (b: number) => b / 1024;
    ctx.report('web.login.jsKB', kb(login[0].jsWire), 'KB', { op: '<=', value: 150 });
    ctx.report('web.login.jsKB.decoded', kb(login[0].jsBytes), 'KB');
    ctx.report('web.login.scripts', login[0].scripts, 'files');
    ctx.report('web.waitinglist.jsKB', kb(fullList[0].jsWire), 'KB');
    ctx.report('web.floor.lcp.p95', p95(floorLoads), 'ms');
    ctx.report('web.login.lcp.p95', p95(login), 'ms', { op: '<=', value: 600 });
    ctx.report('web.waitinglist.empty.lcp.p95', p95(emptyList), 'ms');
    ctx.report(`web.waitinglist.${WAITING}.lcp.p95`, p95(fullList), 'ms', { op: '<=', value: 1000 });
  } finally {
    await browser?.close();
    await new Promise((r) => floor.close(r));
    await app.close();
  }
}

export const suite: BenchSuite = { name: 'web', run };
