import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD, uniqueEmail } from './api';
import { axeViolations, type AxeViolation } from './axe';
import { loginThroughForm } from './browser';
import { apiCall, browser, server } from './suite';

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors, for the test to expect none at its end. */
  errors: string[];
}

/**
 * A new browser context on a laptop's screen (1366 × 900, English), signed in through the login
 * form. `errors` collects the page's uncaught errors; pass another page's array to share it.
 */
export async function signedInPage(email: string, errors: string[] = []): Promise<SignedInPage> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => errors.push(e.message));
  await loginThroughForm(page, email, PASSWORD);
  return { context, page, errors };
}

/** A team member added by the owner (`token`), who signs in with PASSWORD; answers the member's e-mail. */
export async function teamMember(
  token: string,
  businessId: string,
  member: { first_name: string; last_name: string; position: 'Manager' | 'Employee' | 'Front Desk' },
): Promise<string> {
  const email = uniqueEmail(member.position.toLowerCase().replace(' ', '-'));
  const created = (await apiCall('/business/team/create', 'POST', { ...member, email }, token)) as { id: string };
  await server.setPassword(businessId, created.id, PASSWORD);
  return email;
}

/** How far the page scrolls sideways: 0 when it is no wider than the window. */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Serious or critical axe findings on the screen, leaving out the user menu's button: it is
 * shared by every page and answered for by the frame's own test.
 */
export async function screenFindings(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page))
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !n.includes('RaUserMenu-userButton')) }))
    .filter((v) => v.nodes.length > 0);
}

/** The interface switched to Arabic through the language menu, once the page reads right to left. */
export async function toArabic(page: Page): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}
