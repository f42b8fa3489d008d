import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PASSWORD } from './support/api';
import { screenFindings, sideways, signedInPage, teamMember, toArabic } from './support/screen';
import { apiCall, approvedOwner, server, useE2e } from './support/suite';

useE2e();

const SHOTS = '/tmp/shots';

/** The screen's findings once the frame's page-change bar is gone (it is the frame's to name). */
const findings = async (page: Page) => {
  await page.getByTestId('progress-bar').waitFor({ state: 'detached' });
  return screenFindings(page);
};

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/integrations-${name}.png`, fullPage: true });
}

describe('the integrations screen', () => {
  let email: string;
  let token: string;
  let businessId: string;

  beforeAll(async () => {
    const owner = await approvedOwner('Clinique Flux');
    email = owner.email;
    token = owner.session.token;
    businessId = owner.session.business.id;
  });

  it('creates a key shown once, which reads the feed; shows its last use; revokes it; in English, then in Arabic right to left', async () => {
    const { context, page, errors } = await signedInPage(email);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

    await page.goto('/settings/integrations');
    await page.getByTestId('keys-empty').waitFor();
    await page.getByTestId('webhooks-section').waitFor();
    expect(await findings(page)).toEqual([]);

    // A name is asked for; personal data alone is refused before anything is sent.
    await page.getByTestId('key-add').click();
    await page.getByTestId('key-create').click();
    await page.getByText('Enter a name').waitFor();
    await page.getByTestId('key-name').fill('Hospital CRM');
    await page.getByTestId('key-scope-feed_read').uncheck();
    await page.getByTestId('key-scope-pii_read').check();
    await page.getByTestId('key-create').click();
    await page.getByText('Personal data is read through the feed or webhooks').waitFor();
    await page.getByTestId('key-scope-feed_read').check();
    await shot(page, 'create-en');
    await page.getByTestId('key-create').click();

    // The token, once, with a copy button.
    const tokenBox = page.getByTestId('key-token');
    await tokenBox.waitFor();
    const key = (await tokenBox.textContent())!.trim();
    expect(key).toMatch(/^tbr_/);
    await page.getByTestId('key-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, 'token-en');
    await page.getByTestId('key-token-close').click();

    const row = page.getByTestId('key-row').filter({ hasText: 'Hospital CRM' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);
    expect(await row.getByTestId('key-last-used').textContent()).toBe('Never');

    // The key reads the feed: the screen then shows when it was last used.
    const feed = await fetch(`${server.url}/business/integrations/feed?limit=5`, { headers: { Authorization: `Bearer ${key}` } });
    expect(feed.status).toBe(200);
    await page.reload();
    await page.getByTestId('key-row').filter({ hasText: 'Hospital CRM' }).waitFor();
    expect(await page.getByTestId('key-row').filter({ hasText: 'Hospital CRM' }).getByTestId('key-last-used').textContent()).not.toBe('Never');
    expect(await sideways(page)).toBe(0);
    await shot(page, 'list-en');

    // Revoked: the screen says so and the key no longer opens the feed.
    await page.getByTestId('key-row').filter({ hasText: 'Hospital CRM' }).getByTestId('key-revoke').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('key-row').filter({ hasText: 'Revoked' }).waitFor();
    expect((await fetch(`${server.url}/business/integrations/feed`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);

    // Arabic, right to left.
    await apiCall('/business/integrations/keys/create', 'PUT', { name: 'لوحة المدينة', scopes: ['feed:read', 'webhooks'] }, token);
    await toArabic(page);
    await page.goto('/settings/integrations');
    await page.getByText('مفاتيح API').first().waitFor();
    await page.getByText('لوحة المدينة').waitFor();
    await page.getByTestId('webhooks-empty').waitFor();
    expect(await sideways(page)).toBe(0);
    expect(await findings(page)).toEqual([]);
    await shot(page, 'list-ar');
    await page.getByTestId('key-add').click();
    await page.getByTestId('key-name').waitFor();
    await shot(page, 'create-ar');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('is an administrator’s page: a manager sees the error page and is refused the keys', async () => {
    const managerEmail = await teamMember(token, businessId, { first_name: 'Mona', last_name: 'Manager', position: 'Manager' });
    const { context, page } = await signedInPage(managerEmail);
    await page.goto('/settings/integrations');
    await page.getByTestId('access-denied').waitFor();
    expect(await page.getByTestId('keys-section').count()).toBe(0);
    const login = (await apiCall('/business/account/auth', 'POST', { email: managerEmail, password: PASSWORD, ip: '' })) as { token: string };
    expect((await fetch(`${server.url}/business/integrations/keys`, { headers: { Authorization: `Bearer ${login.token}` } })).status).toBe(403);
    await context.close();
  }, 60_000);
});
