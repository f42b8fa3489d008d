import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD } from './support/api';
import { browser, server, useE2e } from './support/suite';

useE2e();

async function call(path: string, method: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function toast(page: Page) {
  const t = page.getByTestId('toast').last();
  await t.waitFor();
  return t.textContent();
}

describe('the back-office screens', () => {
  it('an admin sets working days, orders services, adds a member and a holiday, and reads it all in the activity', async () => {
    const email = `admin.${randomBytes(4).toString('hex')}@example.test`;
    const reg = await fetch(`${server.url}/business/account/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Centre Médical',
        first_name: 'Leila',
        last_name: 'Haddad',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
      }),
    });
    expect(reg.status).toBe(201);
    await server.approve(email);
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('tabour.session'))) ?? '{}').token;

    // Working days: open Monday 08:00–17:00.
    await page.goto('/settings/business');
    await page.getByTestId('business-settings').waitFor();
    await page.getByRole('tab', { name: 'Working days' }).click();
    await page.getByTestId('day-monday').getByRole('switch').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page)).resolves.toContain('SUCCESSFUL');
    const info = await call('/business/info', 'GET', token);
    expect(info.working_days.find((d: { day: string }) => d.day === 'monday')).toEqual({ day: 'monday', open: true, ranges: [{ from: '08:00', to: '17:00' }] });

    // Services: drag the second one above the first, then save the order.
    const first = await call('/business/service/create', 'PUT', token, { name: 'Analyses', price: 10, duration: 10 });
    const second = await call('/business/service/create', 'PUT', token, { name: 'Radiologie', price: 50, duration: 30 });
    await page.goto('/settings/services/reorder');
    const item = page.getByTestId('reorder-Radiologie');
    await item.waitFor();
    const from = (await item.boundingBox())!;
    const to = (await page.getByTestId('reorder-Analyses').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('[data-testid^="reorder-"]')?.getAttribute('data-testid') === 'reorder-Radiologie');
    // dnd-kit swallows the clicks of the 50 ms after a drop (so a drop never clicks what is under it).
    await page.waitForTimeout(150);
    await page.getByTestId('save-order').click();
    await expect(toast(page)).resolves.toContain('The order has been saved');
    const ordered = await call('/business/service?pagination=off', 'GET', token);
    expect(ordered.data.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);

    // Sub-services: the list filtered by their parent.
    await call('/business/service/create', 'PUT', token, { name: 'Scanner', price: 120, duration: 45, parent_id: second.id });
    await page.goto('/settings/services');
    await page.getByText('Scanner').waitFor();
    await page.getByRole('combobox', { name: 'Sub-services' }).click();
    await page.getByRole('option', { name: 'Radiologie' }).click();
    await page.waitForURL(/parent_id/);
    await page.getByText('Analyses').waitFor({ state: 'detached' });
    await expect(page.getByRole('cell', { name: 'Scanner' }).count()).resolves.toBe(1);

    // Team: a bookable employee.
    await page.goto('/settings/team/create');
    await page.locator('input[name="first_name"]').fill('Karim');
    await page.locator('input[name="last_name"]').fill('Mansour');
    await page.getByRole('combobox', { name: 'Position' }).click();
    await page.getByRole('option', { name: 'Employee' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/team');
    await page.getByText('Karim Mansour').waitFor();

    // Holidays: a closure of the whole business.
    await page.goto('/settings/holidays/create');
    await page.locator('input[name="reason"]').fill('Aïd');
    await page.locator('input[name="start_date"]').fill('2027-03-20');
    await page.locator('input[name="end_date"]').fill('2027-03-21');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/holidays');
    await page.getByText('Aïd').waitFor();

    // The activity log shows who did it.
    await page.goto('/activity');
    await page.getByText('Leila Haddad added Karim Mansour to the team').first().waitFor();
    await page.getByText('Leila Haddad added a holiday').first().waitFor();
    await page.screenshot({ path: '/tmp/tabour-activity.png' });

    // The profile page answers the account's own update.
    await page.goto('/profile');
    await page.locator('input[name="phone"]').fill('+216 71 000 000');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(toast(page)).resolves.toContain('SUCCESSFUL');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a user who forgot the password resets it with the mailed code, then logs in with the new one', async () => {
    const email = `forgot.${randomBytes(4).toString('hex')}@example.test`;
    const reg = await fetch(`${server.url}/business/account/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Pharmacie Centrale',
        first_name: 'Sonia',
        last_name: 'Gharbi',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
      }),
    });
    expect(reg.status).toBe(201);
    await server.approve(email);
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login/no-recaptcha');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/password/forgot');
    // The URL changes before the new page renders, and the login page has an email field too.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.locator('input[name="email"]').fill(email);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/business/account/password/reset')),
      page.getByRole('button', { name: 'Send the code' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/password/reset' && url.searchParams.get('email') === email);
    await page.locator('input[name="code"]').waitFor();
    const mail = await server.lastEmail(email);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const fresh = 'N3w!Secret';
    await expect(page.locator('input[name="email"]').inputValue()).resolves.toBe(email);
    await page.locator('input[name="code"]').fill(code!);
    await page.locator('input[name="password"]').fill(fresh);
    await page.locator('input[name="password_confirmation"]').fill(fresh);
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.waitForURL('**/login');
    await expect(toast(page)).resolves.toContain('Your password has been changed, you can log in now');
    await loginThroughForm(page, email, fresh);
    await context.close();
  }, 60_000);
});
