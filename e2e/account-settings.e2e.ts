import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import { CouponsService } from '../apps/api/src/billing/coupons';
import { axeViolations } from './support/axe';
import { loginThroughForm } from './support/browser';
import { PASSWORD, uniqueEmail } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

const SHOTS = '/tmp/shots';
const ZONE = 'Africa/Tunis';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  open: true,
  ranges: [{ from: '08:00', to: '18:00' }],
}));

/** The page is as wide as the window: nothing to scroll sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Serious or critical axe findings, leaving out the user menu's button (the frame's own test answers for it). */
const findings = async (page: Page) =>
  (await axeViolations(page)).map((v) => ({ ...v, nodes: v.nodes.filter((n) => !n.includes('RaUserMenu-userButton')) })).filter((v) => v.nodes.length > 0);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/account-${name}.png`, fullPage: true });
}

describe('the account settings screens', () => {
  let email: string;
  let token: string;
  let businessId: string;

  beforeAll(async () => {
    const owner = await approvedOwner('Clinique Ledger');
    email = owner.email;
    token = owner.session.token;
    businessId = owner.session.business.id;
    // Two payments on a booking: one in cash by the desk, one online.
    await apiCall('/business/update', 'POST', { time_zone: ZONE }, token);
    await apiCall('/business/bookingdays/update', 'POST', { working_days: WEEK }, token);
    const service = await apiCall('/business/service/create', 'PUT', { name: 'Consultation', price: 80, duration: 15 }, token);
    const dep = await apiCall('/business/department/create', 'PUT', { name: 'Cardiologie', slot_duration: 30, max_bookings_per_slot: 1 }, token);
    await apiCall(`/business/department/${dep.id}/update`, 'POST', { service_ids: [service.id] }, token);
    const day = DateTime.now().setZone(ZONE).plus({ days: 2 }).toISODate();
    const starts = DateTime.fromISO(`${day}T10:00`, { zone: ZONE }).toISO();
    const booking = await apiCall('/business/booking/create', 'PUT', { department_id: dep.id, starts_at: starts, service_ids: [service.id] }, token);
    await apiCall(
      '/business/booking/transaction/create',
      'POST',
      { booking_id: booking.id, amount: '30.00', method: 'cash', paid_on: '2026-03-02', note: 'deposit' },
      token,
    );
    await apiCall('/business/booking/transaction/create', 'POST', { booking_id: booking.id, amount: '50.00', method: 'online', paid_on: '2026-03-09' }, token);
  });

  it('account, privacy, categories, terms, policy, payments, activity and help in English, then in Arabic right to left', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);

    // The business account tab: the account's facts, and its notices sent elsewhere.
    await page.goto('/settings/general');
    await page.getByTestId('general-tab-account').click();
    await page.getByTestId('account-name').filter({ hasText: 'Clinique Ledger' }).waitFor();
    expect(await findings(page)).toEqual([]);
    await page.getByLabel('Contact e-mail').fill('accounts@ledger.example');
    await page.getByTestId('account-settings-save').click();
    await page.getByText('SUCCESSFUL').waitFor();
    expect((await apiCall('/business/account/setting', 'GET', undefined, token)).contact_email).toBe('accounts@ledger.example');
    await shot(page, 'general-account-en');

    // Data and privacy: what each deletion erases is said before it is asked for.
    await page.getByTestId('general-tab-privacy').click();
    await page.getByTestId('history-explained').filter({ hasText: 'Tickets, bookings, payments and statistics stay' }).waitFor();
    await page.getByTestId('delete-explained').filter({ hasText: 'removes every login of the business' }).waitFor();
    expect(await findings(page)).toEqual([]);
    await page.getByTestId('privacy-delete_history_daily').click();
    await page.getByText('SUCCESSFUL').waitFor();
    await page.getByTestId('delete-history').click();
    await page.getByTestId('delete-history-confirm').click();
    await page.getByText(/History deleted: \d+ customers erased/).waitFor();
    expect((await apiCall('/business/privacy', 'GET', undefined, token)).delete_history_daily).toBe(true);
    await shot(page, 'general-privacy-en');

    // Categories: created on screen, listed.
    await page.goto('/settings/category/create');
    await page.getByLabel('Name').fill('Mutuelle');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('category-list').getByText('Mutuelle').waitFor();
    await shot(page, 'category-en');

    // Terms: the default names the business until a version is saved; then version 1.
    await page.goto('/settings/terms');
    await page.getByTestId('legal-byline').getByText('Default text (not yet adopted)').waitFor();
    expect(await page.getByTestId('legal-content').inputValue()).toContain('Terms of service of Clinique Ledger');
    expect(await findings(page)).toEqual([]);
    await page.getByTestId('legal-content').fill('Our own terms: tickets are personal.');
    await page.getByTestId('legal-save').click();
    await page
      .getByTestId('legal-byline')
      .getByText(/Version 1/)
      .waitFor();
    await shot(page, 'terms-en');
    await page.goto('/settings/policy');
    await page.getByTestId('legal-byline').getByText('Default text (not yet adopted)').waitFor();

    // Payments: the totals, a filter, the settings, and the export opened as a spreadsheet.
    await page.goto('/settings/payment');
    await page.getByTestId('payment-total').filter({ hasText: '80' }).waitFor();
    expect(await page.getByTestId('payment-row').count()).toBe(2);
    await page.getByTestId('payment-method').click();
    await page.getByRole('option', { name: 'Online' }).click();
    await page.getByTestId('payment-total').filter({ hasText: '50' }).waitFor();
    expect(await page.getByTestId('payment-row').count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('payment-export-xlsx').click();
    const file = await (await download).path();
    const sheet = XLSX.read(readFileSync(file!)).Sheets;
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(Object.values(sheet)[0], { header: 1 });
    expect(rows[0].slice(0, 4)).toEqual(['Date', 'Amount', 'Method', 'Status']);
    expect(rows.slice(1)).toEqual([['2026-03-09', 50, 'Online', 'Paid', 0, 'Cardiologie', expect.any(String), '']]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await findings(page)).toEqual([]);
    await page.getByTestId('payment-agents').click();
    await page.getByText('SUCCESSFUL').waitFor();
    expect(await apiCall('/business/myliberrex', 'GET', undefined, token)).toEqual({ currency: 'EUR', agents_may_enter_amount: false });
    await shot(page, 'payment-en');

    // The account's activity and the help page, from the user menu.
    await page.goto('/settings/activity');
    await page.getByTestId('activity-list').waitFor();
    await page.locator('.RaUserMenu-userButton').click();
    await page.getByTestId('menu-help').click();
    await page.waitForURL(/\/help$/);
    await page.getByTestId('help-queues').waitFor();
    await page.getByTestId('support-email').waitFor();
    await shot(page, 'help-en');

    // Arabic, right to left: each screen's texts in Arabic and nothing sideways.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    for (const [path, text, name] of [
      ['/settings/payment', 'المدفوعات المستلمة', 'payment'],
      ['/settings/terms', 'النص المعمول به', 'terms'],
      ['/help', 'دليل الاستخدام', 'help'],
      ['/settings/category', 'Mutuelle', 'category'],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      expect([path, await sideways(page)]).toEqual([path, 0]);
      await shot(page, `${name}-ar`);
    }
    await page.goto('/settings/general');
    await page.getByTestId('general-tab-privacy').click();
    await page.getByText('حذف السجل').first().waitFor();
    await shot(page, 'general-privacy-ar');
    await page.getByTestId('general-tab-account').click();
    await page.getByText('إشعارات الحساب').waitFor();
    await shot(page, 'general-account-ar');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends terms and policy to /dashboard without an organisation id, and keeps an employee out of the ADMIN screens', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughForm(page, email, PASSWORD);
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('tabour.session')!);
      delete s.business.organization_id;
      localStorage.setItem('tabour.session', JSON.stringify(s));
    });
    for (const path of ['/settings/terms', '/settings/policy']) {
      await page.goto(path);
      await page.waitForURL(/\/dashboard$/);
    }
    await context.close();

    const employeeEmail = uniqueEmail('desk');
    const member = await apiCall('/business/team/create', 'POST', { first_name: 'Sami', last_name: 'Desk', email: employeeEmail, position: 'Employee' }, token);
    await server.setPassword(businessId, member.id, PASSWORD);
    const desk = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    const deskPage = await desk.newPage();
    deskPage.setDefaultTimeout(15_000);
    await loginThroughForm(deskPage, employeeEmail, PASSWORD);
    for (const path of ['/settings/payment', '/settings/category', '/settings/terms', '/settings/activity']) {
      await deskPage.goto(path);
      await deskPage.getByTestId('access-denied').waitFor();
    }
    // Help is for everyone.
    await deskPage.goto('/help');
    await deskPage.getByTestId('help-page').waitFor();
    // Where the business does not allow counter agents to enter an amount, the API refuses this one.
    await apiCall('/business/myliberrex/update', 'POST', { agents_may_enter_amount: false }, token);
    const session = await deskPage.evaluate(() => JSON.parse(localStorage.getItem('tabour.session')!).token as string);
    const refused = await fetch(`${server.url}/business/booking/transaction/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ booking_id: '00000000-0000-4000-8000-000000000000', amount: '1.00', method: 'cash' }),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).code).toBe('amount_entry_not_allowed');
    await desk.close();
  });

  it('deletes the account only with the business name typed and the password, then every login is gone', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughForm(page, email, PASSWORD);
    await page.goto('/settings/general');
    await page.getByTestId('general-tab-privacy').click();
    await page.getByTestId('delete-account').click();
    await page.getByTestId('delete-confirmation').fill('Clinique Ledgr');
    await page.getByTestId('delete-password').fill(PASSWORD);
    expect(await page.getByTestId('delete-account-confirm').isDisabled()).toBe(true);
    await page.getByText('The name typed is not the name of the business').waitFor();
    await page.getByTestId('delete-confirmation').fill('Clinique Ledger');
    await shot(page, 'delete-account-en');
    await page.getByTestId('delete-account-confirm').click();
    await page.waitForURL(/\/login/);
    const login = await fetch(`${server.url}/business/account/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, ip: '' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    await context.close();
  });
});

describe('membership, billing and coupons', () => {
  it('a FREE business sees the upgrade message, upgrades to LIBERPRO yearly with a coupon through the test provider, gets its invoice and PDF, and the kiosks open', async () => {
    const { email, session } = await approvedOwner('Clinique Membre');
    await server.setPackage(email, 'FREE');
    const coupons = server.app.get(CouponsService);
    const code = `WELCOME${Date.now().toString(36).toUpperCase()}`;
    await coupons.create({
      code,
      kind: 'percent',
      value: 20,
      currency: null,
      duration: 'once',
      duration_months: null,
      valid_from: null,
      valid_until: null,
      max_redemptions: 100,
      packages: ['LIBERPRO'],
    });
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);

    await page.goto('/kiosks');
    await page.getByTestId('upgrade-required').waitFor();
    await page.getByTestId('upgrade-link').click();
    await page.waitForURL(/\/settings\/membership$/);

    // The coupon listed for the business, then the membership screen with the matrix.
    await page.goto('/coupons');
    await page.getByTestId('coupon-row').filter({ hasText: code }).waitFor();
    await shot(page, 'coupons-en');
    await page.goto('/settings/membership');
    await page.getByTestId('membership-package').filter({ hasText: 'FREE' }).waitFor();
    await page.getByTestId('feature-matrix').waitFor();
    expect(await findings(page)).toEqual([]);
    await shot(page, 'membership-en');

    // The popup: yearly LIBERPRO, the coupon takes 20 % off, the declined card worded, then the good card.
    await page.getByTestId('plan-yearly').click();
    await page.getByTestId('choose-LIBERPRO').click();
    await page.getByTestId('test-provider').waitFor();
    const before = (await page.getByTestId('quote-total').textContent()) ?? '';
    await page.getByTestId('coupon-input').fill(code.toLowerCase());
    await page.getByTestId('coupon-apply').click();
    await page.getByTestId('quote-discount').waitFor();
    expect((await page.getByTestId('quote-total').textContent()) ?? '').not.toBe(before);
    await page.getByTestId('card-select').click();
    await page.getByRole('option', { name: /4000000000000002/ }).click();
    await page.getByTestId('pay').click();
    await page
      .getByTestId('payment-error')
      .getByText(/Membership payment failed: The card was declined/)
      .waitFor();
    await shot(page, 'membership-popup-declined-en');
    // Another test card in the same popup, and the payment goes through.
    await page.getByTestId('card-select').click();
    await page.getByRole('option', { name: /4242424242424242/ }).click();
    await page.getByTestId('pay').click();
    await page.getByText('Membership payment succeeded').waitFor();
    await page.getByTestId('membership-package').filter({ hasText: 'LIBERPRO' }).waitFor();

    // The invoice and its PDF.
    await page.goto('/settings/billing');
    await page.getByTestId('invoice-row').first().waitFor();
    const pdf = page.waitForEvent('download');
    await page.getByTestId('invoice-pdf').first().click();
    const file = await (await pdf).path();
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await findings(page)).toEqual([]);
    // The declined card, saved first, is deleted; the one that paid stays the default.
    expect(await page.getByTestId('card-row').count()).toBe(2);
    await page.getByTestId('card-row').filter({ hasText: '0002' }).getByTestId('card-delete').click();
    await page.getByText('Payment method deleted').waitFor();
    expect(await page.getByTestId('card-row').count()).toBe(1);
    // The buyer's details: a VAT number the country does not accept is refused on its field.
    await page.getByTestId('billing-vat').waitFor();
    await page.getByLabel('VAT number').fill('TN-NOT-A-NUMBER-12');
    await page.getByTestId('billing-details-save').click();
    await page.getByText('This VAT number is not valid for the country').first().waitFor();
    await page.getByLabel('VAT number').fill('');
    await page.getByLabel('Address').fill('12 rue de la Kasbah, Tunis');
    await page.getByTestId('billing-details-save').click();
    await page.getByText('SUCCESSFUL').waitFor();
    expect((await apiCall('/business/billing/details', 'GET', undefined, session.token)).address).toBe('12 rue de la Kasbah, Tunis');
    await shot(page, 'billing-en');

    // The kiosks screen opens at once, without a new login.
    await page.goto('/kiosks');
    await page.waitForSelector('[data-testid="upgrade-required"]', { state: 'detached', timeout: 5_000 }).catch(() => undefined);
    expect(await page.getByTestId('upgrade-required').count()).toBe(0);
    expect((await apiCall('/business/membership', 'GET', undefined, session.token)).package).toBe('LIBERPRO');

    // Arabic.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    for (const [path, name] of [
      ['/settings/membership', 'membership'],
      ['/settings/billing', 'billing'],
      ['/coupons', 'coupons'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(`${name}-page`).waitFor();
      await page.waitForLoadState('networkidle');
      expect([path, await sideways(page)]).toEqual([path, 0]);
      await shot(page, `${name}-ar`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a trial business its countdown in the app bar', async () => {
    const { email } = await approvedOwner('Clinique Essai');
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughForm(page, email, PASSWORD);
    await page
      .getByTestId('trial-countdown')
      .getByText(/Trial: 1[34] d \d+ h left/)
      .waitFor();
    await shot(page, 'trial-countdown-en');
    await context.close();
  });
});
