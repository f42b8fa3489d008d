import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

interface Shown {
  title: string;
  body: string;
  tag: string;
}

/** The notifications the ticket's service worker registration holds, as the operating system would show them. */
const shownNotifications = (page: Page, uid: string) =>
  page.evaluate(async (scope) => {
    const reg = await navigator.serviceWorker.getRegistration(scope);
    const list = reg ? await reg.getNotifications() : [];
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  }, `/t/${uid}`) as Promise<Shown[]>;

/**
 * A background tab as the page sees it. Headless Chromium keeps every page visible, so the
 * page is told what a browser tells a tab sent behind another: hidden, and the event.
 */
const sendToBackground = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('notify me on the ticket page', () => {
  it('asks on the click, subscribes where push can be had, and shows the call from a background tab', async () => {
    const { session } = await approvedOwner('Clinique du Port');
    const token = session.token;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'P', counters: [{ name: 'Desk 1' }] }, token);
    const ticket = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, token);

    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const subscriptions: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/user/queue/uid/${ticket.uid}/push`) && r.request().method() === 'POST') subscriptions.push(r.status());
    });
    await page.goto(`/t/${ticket.uid}`);
    await page.getByTestId('notify-on').waitFor();
    // Nothing is asked on load: no permission, no worker.
    await expect(page.evaluate(() => Notification.permission)).resolves.toBe('default');
    await expect(page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).resolves.toBe(0);
    await page.screenshot({ path: '/tmp/tabour-ticket-notify-en.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.getByTestId('notify-on').click();
    const status = page.locator('[data-testid="notify"][data-state^="on-"]');
    await status.waitFor();
    const mode = await status.getAttribute('data-state');
    const rows = await server.database.db.selectFrom('push_subscriptions').select(['endpoint', 'language']).where('ticket_id', '=', ticket.id).execute();
    if (mode === 'on-push') {
      // A push service answered the browser: the ticket holds its subscription.
      expect(subscriptions).toEqual([201]);
      expect(rows).toEqual([{ endpoint: expect.stringMatching(/^https:\/\//), language: 'en' }]);
      await page.getByTestId('notify-status').filter({ hasText: 'Notifications are on: you will be notified when it is your turn.' }).waitFor();
    } else {
      // No push service for this browser (headless Chromium refuses the subscription: "AbortError: Registration
      // failed - permission denied"): the page says so and keeps the open-tab path.
      expect(mode).toBe('on-page');
      expect(rows).toEqual([]);
      await page.getByTestId('notify-status').filter({ hasText: 'This browser cannot receive them once the page is closed.' }).waitFor();
    }
    await page.screenshot({ path: '/tmp/tabour-ticket-notify-on-en.png', fullPage: true });

    // Turned on survives a reload without asking again.
    await page.reload();
    await page.locator(`[data-testid="notify"][data-state="${mode}"]`).waitFor();
    await page.locator('[data-testid="ticket-live"][data-state="live"]').waitFor();

    await sendToBackground(page);
    await apiCall(`/business/queue/${queue.id}/counter/${queue.counters[0].id}/open`, 'POST', undefined, token);
    await apiCall(`/business/queue/${queue.id}/call`, 'POST', { counter_id: queue.counters[0].id }, token);
    // The page learns of the call over the live channel, then shows it through the worker.
    await page.getByTestId('ticket-called').waitFor();
    let shown: Shown[] = [];
    for (let waited = 0; shown.length === 0 && waited < 10_000; waited += 200) {
      shown = await shownNotifications(page, ticket.uid);
      if (!shown.length) await page.waitForTimeout(200);
    }
    expect(shown).toEqual([{ title: 'It’s your turn: ticket P1', body: 'It’s your turn — go to Desk 1', tag: expect.stringMatching(/^call-/) }]);

    // Off: the worker goes, and with it the subscription.
    await page.getByTestId('notify-off').click();
    await page.locator('[data-testid="notify"][data-state="off"]').waitFor();
    await expect(page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).resolves.toBe(0);
    expect(await server.database.db.selectFrom('push_subscriptions').select('id').where('ticket_id', '=', ticket.id).execute()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the button in Arabic, right to left, and says when the browser blocks notifications', async () => {
    const { session } = await approvedOwner('عيادة الميناء');
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'الاستقبال', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, session.token);
    const ticket = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, session.token);
    const { context, page } = await newPage(browser, server.url, 'ar');
    await page.goto(`/t/${ticket.uid}`);
    const button = page.getByTestId('notify-on');
    await button.filter({ hasText: 'نبّهني' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await page.screenshot({ path: '/tmp/tabour-ticket-notify-ar.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Headless Chromium answers an unanswered prompt with a refusal, as a customer who blocks it.
    await button.click();
    await page.getByTestId('notify-denied').waitFor();
    await expect(page.evaluate(() => Notification.permission)).resolves.toBe('denied');
    expect(await server.database.db.selectFrom('push_subscriptions').select('id').where('ticket_id', '=', ticket.id).execute()).toEqual([]);
    await context.close();
  });
});
