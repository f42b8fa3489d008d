import type { Page } from 'playwright-core';
import { CaptchaService } from '../apps/api/src/accounts/captcha.service';
import { PASSWORD } from './support/api';
import { newPage } from './support/browser';
import { approvedOwner, browser, server, useE2e } from './support/suite';

// The installation has the captcha off (the suite's default): only an attack brings it back.
useE2e();

async function knownCaptchas(page: Page): Promise<string[]> {
  const texts: string[] = [];
  await page.route('**/business/account/captcha', async (route) => {
    const { key, image, text } = await server.app.get(CaptchaService).create();
    texts.push(text);
    await route.fulfill({ json: { key, image } });
  });
  return texts;
}

describe('the login page while the account is under attack', () => {
  it('shows the captcha on the no-captcha page once the server asks for it, and lets the owner in with it', async () => {
    const { email } = await approvedOwner('Besieged Clinic');
    // Ten failures on the account, three (the free ones) from each address: no address is locked.
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/business/account/auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${1 + Math.floor(i / 3)}` },
        body: JSON.stringify({ email, password: 'Wrong!Pass1', ip: '' }),
      });
      expect(res.status).toBe(401);
    }

    const { context, page } = await newPage(browser, server.url);
    const texts = await knownCaptchas(page);
    await page.goto('/login/no-recaptcha');
    await page.locator('input[name="email"]').fill(email);
    await expect(page.locator('input[name="captcha"]').count()).resolves.toBe(0);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast').textContent()).resolves.toBe('Sorry!You MUST proove that you are human');
    await page.getByTestId('captcha-image').waitFor();
    await page.locator('input[name="captcha"]').fill(texts[texts.length - 1]);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  }, 90_000);
});
