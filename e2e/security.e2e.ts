import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { loadConfig } from '@tabour/platform';
import { PASSWORD } from './support/api';
import { loginThroughForm, newPage } from './support/browser';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

// DATA_DIR unset: uploads land in the default ./.data, a folder whose name starts with a dot.
useE2e({ DATA_DIR: undefined as unknown as string });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Everything the browser refused because of the page's Content-Security-Policy, and every script error. */
function watch(page: Page, into: string[]): void {
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) into.push(m.text());
  });
  page.on('pageerror', (e) => into.push(e.message));
}

describe('the app under its security headers', () => {
  const uploaded: string[] = [];
  afterAll(() => Promise.all(uploaded.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

  it('runs the staff screens and the display board under a strict Content-Security-Policy, and the board shows the uploaded logo', async () => {
    const { email, session } = await approvedOwner('Clinique du Logo');
    const token = session.token;
    uploaded.push(path.join(loadConfig({}).dataDir, 'uploads', session.business.id));
    const form = new FormData();
    form.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const updated = await fetch(`${server.url}/business/update`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(updated.status).toBe(200);
    const logoUrl = ((await updated.json()) as { logo_url: string }).logo_url;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, token);
    const display = (await apiCall('/business/display/create', 'POST', { name: 'Hall', queue_ids: [queue.id], language: 'en' }, token)) as {
      key: string;
      secret: string;
    };

    const refused: string[] = [];
    const staff = await newPage(browser, server.url);
    watch(staff.page, refused);
    const first = await staff.page.goto('/login/no-recaptcha');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await loginThroughForm(staff.page, email, PASSWORD);
    await staff.page.goto(`/queues/${queue.id}/waitinglist`);
    await staff.page.locator('[data-testid="live-state"][data-state="live"]').waitFor();

    const board = await newPage(browser, server.url);
    watch(board.page, refused);
    await board.page.goto('/display/login');
    await board.page.getByTestId('device-key').fill(display.key);
    await board.page.getByTestId('device-secret').fill(display.secret);
    await board.page.getByTestId('device-login-submit').click();
    await board.page.waitForURL(/\/display$/);
    // Live: the socket.io channel on its own port is allowed by connect-src.
    await board.page.locator('[data-testid="board"][data-live="live"]').waitFor();
    const logo = board.page.locator(`img[src="${logoUrl}"]`);
    await logo.waitFor();
    const width = await logo.evaluate((img: HTMLImageElement) =>
      img.complete ? img.naturalWidth : new Promise<number>((resolve) => (img.onload = () => resolve(img.naturalWidth))),
    );
    expect(width).toBe(1);
    const served = await board.page.request.get(logoUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    await board.page.screenshot({ path: '/tmp/tabour-logo-on-board.png' });
    expect(refused).toEqual([]);
    await staff.context.close();
    await board.context.close();
  });
});
