import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/** The system Chromium: no browser is ever downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, baseURL: string, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Logs in through /login/no-recaptcha (the installation runs with the captcha off). */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login/no-recaptcha');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
}
