import type { Page } from 'playwright-core';
import { CaptchaService } from '../apps/api/src/accounts/captcha.service';
import { PASSWORD, uniqueEmail } from './support/api';
import { newPage } from './support/browser';
import { apiCall, browser, server, useE2e } from './support/suite';

let owner: string;

useE2e({ CAPTCHA: 'on' });

beforeAll(async () => {
  owner = uniqueEmail('captcha');
  await apiCall('/business/account/register', 'POST', {
    business_name: 'Guichet Unique',
    first_name: 'Nadia',
    last_name: 'Trabelsi',
    email: owner,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
  });
  await server.approve(owner);
});

/**
 * The page asks the server for its captcha; the test answers with one made in-process, whose
 * text it knows, so the real check runs at login.
 */
async function knownCaptchas(page: Page): Promise<string[]> {
  const texts: string[] = [];
  await page.route('**/business/account/captcha', async (route) => {
    const { key, image, text } = await server.app.get(CaptchaService).create();
    texts.push(text);
    await route.fulfill({ json: { key, image } });
  });
  return texts;
}

describe('the login page with the captcha', () => {
  it('refuses a wrong code with a "Sorry!" toast, shows a new picture, and logs in with the right one', async () => {
    const { context, page } = await newPage(browser, server.url);
    const texts = await knownCaptchas(page);
    await page.goto('/login');
    await page.getByTestId('captcha-image').waitFor();
    await page.locator('input[name="email"]').fill(owner);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="captcha"]').fill('wrong');
    const shown = texts.length;
    const before = await page.getByTestId('captcha-image').getAttribute('src');
    await page.getByTestId('login-submit').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toBe('Sorry!Incorrect security code');
    // A refused attempt used the picture up: a new one replaces it and the code field is emptied.
    await page.waitForFunction((src) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== src, before);
    await expect(page.locator('input[name="captcha"]').inputValue()).resolves.toBe('');
    expect(texts.length).toBe(shown + 1);

    await page.locator('input[name="captcha"]').fill(texts[texts.length - 1]);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  }, 60_000);

  it('words the refusal in the chosen language by the server code', async () => {
    const { context, page } = await newPage(browser, server.url, 'fr-FR');
    const texts = await knownCaptchas(page);
    await page.goto('/login');
    await page.getByTestId('captcha-image').waitFor();
    await page.locator('input[name="email"]').fill(owner);
    await page.locator('input[name="password"]').fill('Wr0ng!Password');
    await page.locator('input[name="captcha"]').fill(texts[texts.length - 1]);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast').textContent()).resolves.toBe("Désolé !L'e-mail et le mot de passe ne correspondent pas à nos données");
    await context.close();
  }, 60_000);

  it('falls back to French for a browser language it does not have', async () => {
    const { context, page } = await newPage(browser, server.url, 'it-IT');
    await page.goto('/login');
    await expect(page.getByTestId('login-submit').textContent()).resolves.toBe('Se connecter');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await context.close();
  }, 60_000);
});
