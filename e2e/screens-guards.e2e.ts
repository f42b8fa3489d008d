import type { Page, Request, Response } from 'playwright-core';
import { ADMIN_ROUTES, ANY_ROLE_ROUTES, MANAGER_ROUTES, PLAN_ROUTES } from '../apps/web/src/auth/access';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD, uniqueEmail as email } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

/** A listed route with its parameters filled with real ids, so the page would have something to load. */
const concrete = (route: string, ids: { queue: string; rule: string }) =>
  route.replace('/queues/:id', `/queues/${ids.queue}`).replace('/settings/rules/:id', `/settings/rules/${ids.rule}`);

/** Every API call the page makes from now on, with its answer's status once it comes. */
function networkLog(page: Page) {
  const calls: { url: string; status?: number }[] = [];
  const onRequest = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/business/')) calls.push({ url: r.url() });
  };
  const onResponse = (r: Response) => {
    const call = calls.find((c) => c.url === r.url() && c.status === undefined);
    if (call) call.status = r.status();
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    calls,
    stop: () => {
      page.off('request', onRequest);
      page.off('response', onResponse);
    },
  };
}

describe('the route guards', () => {
  let ids: { queue: string; rule: string };
  let ownerEmail: string;
  let agentEmail: string;

  beforeAll(async () => {
    const { email: owner, session } = await approvedOwner('Agence des Palmiers');
    ownerEmail = owner;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, session.token);
    agentEmail = email('agent');
    const agent = await apiCall(
      '/business/team/create',
      'POST',
      { first_name: 'Sami', last_name: 'Agent', email: agentEmail, position: 'Employee' },
      session.token,
    );
    await server.setPassword(session.business.id, agent.id, PASSWORD);
    ids = { queue: queue.id, rule: '00000000-0000-4000-8000-000000000000' };
  }, 120_000);

  it("shows an agent the error page on every refused route, with the app's menu, no request sent and the session kept", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, agentEmail, PASSWORD);
    const refused = [...MANAGER_ROUTES, ...PLAN_ROUTES, ...ADMIN_ROUTES].map((r) => concrete(r, ids));
    const faults: string[] = [];
    // The calls the layout itself makes on every page (the notification bell), learnt from the error page of an unknown path.
    const layoutLog = networkLog(page);
    await page.goto('/error404');
    await page.getByTestId('nav-queues').waitFor();
    await page.waitForLoadState('networkidle');
    layoutLog.stop();
    const layoutCalls = new Set(layoutLog.calls.map((c) => new URL(c.url).pathname));
    for (const path of refused) {
      // From a page the agent may open, as a click on a link would; the layout's own calls are made before.
      await page.goto('/profile');
      await page.getByTestId('nav-queues').waitFor();
      await page.waitForLoadState('networkidle');
      const log = networkLog(page);
      await page.goto(path);
      const denied = page.getByTestId('access-denied').or(page.getByTestId('not-found'));
      try {
        await denied.first().waitFor({ timeout: 5_000 });
      } catch {
        faults.push(`${path}: no error page at ${new URL(page.url()).pathname}`);
      }
      await page.waitForLoadState('networkidle');
      log.stop();
      if (!(await page.getByTestId('nav-queues').isVisible())) faults.push(`${path}: no menu`);
      const pageCalls = log.calls.filter((c) => !layoutCalls.has(new URL(c.url).pathname) || (c.status ?? 0) >= 400);
      if (pageCalls.length > 0) faults.push(`${path}: ${pageCalls.map((c) => `${new URL(c.url).pathname} ${c.status}`).join(', ')}`);
      if (new URL(page.url()).pathname === '/login') faults.push(`${path}: sent to /login`);
      if ((await page.evaluate(() => localStorage.getItem('tabour.session'))) === null) faults.push(`${path}: logged out`);
    }
    expect(faults).toEqual([]);
    // Still logged in: a page the agent may open loads.
    await page.goto('/queues');
    await page.getByTestId('queue-row-Accueil').waitFor();
    await context.close();
  }, 240_000);

  it('keeps the menu on the error page of an unknown path for a logged-in user', async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, ownerEmail, PASSWORD);
    await page.goto('/no/such/page');
    await page.waitForURL('**/error404');
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('nav-queues').click();
    await page.waitForURL('**/queues');
    await context.close();
  }, 60_000);

  it('sends a visitor without a session from every protected route to /login', async () => {
    const { context, page } = await newPage(browser, server.url);
    // The app's files in the cache first, as for anyone who has opened it once.
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    // Speed is measured in the bench (the web suite's login screen), not here: a loaded machine
    // once took 1.6 s. A route only has to end on the login form; a guard that let the visitor
    // through would never get there.
    const WAIT_MS = 10_000;
    const slow: string[] = [];
    const protectedRoutes = [...ANY_ROLE_ROUTES, ...MANAGER_ROUTES, ...PLAN_ROUTES, ...ADMIN_ROUTES].map((r) => concrete(r, ids));
    for (const path of protectedRoutes) {
      const started = Date.now();
      await page.goto(path, { waitUntil: 'commit' });
      try {
        await page.waitForURL((url) => url.pathname === '/login', { timeout: WAIT_MS });
        await page.getByTestId('login-submit').waitFor({ timeout: Math.max(1, WAIT_MS - (Date.now() - started)) });
      } catch {
        slow.push(`${path}: ${Date.now() - started} ms`);
      }
    }
    expect(slow).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows no captcha on /login when the installation has it off', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('input[name="captcha"]').count()).resolves.toBe(0);
    await expect(page.getByTestId('captcha-image').count()).resolves.toBe(0);
    // And the form logs in without one.
    await page.locator('input[name="email"]').fill(ownerEmail);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  }, 60_000);
});
