import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { NotificationSettings } from '@tabour/contracts';
import { smsSegments } from '@tabour/notifications';
import { axeViolations } from './support/axe';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

async function toast(page: Page, text: string | RegExp) {
  await page.getByTestId('toast').filter({ hasText: text }).last().waitFor();
}

/**
 * Violations of serious or critical impact once the screen has settled (no spinner left), except
 * react-admin's own user menu (as the other screens' tests).
 */
async function violations(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.MuiCircularProgress-root, .MuiLinearProgress-indeterminate'));
  return (await axeViolations(page)).filter((v) => !v.nodes.every((n) => n.includes('RaUserMenu')));
}

describe('the notification settings screens', () => {
  it('changes a setting, edits a template with its live preview, opens the SMS ledger and the bell, in English and Arabic', async () => {
    const { email, session } = await approvedOwner('Clinique Salam');
    const token = session.token;
    const tenant = session.business.id;
    const db = server.database.db;
    // What the reactor and the sender record: one SMS delivered in French, one failed in Arabic, and a notice.
    const sms = (body: string, over: Record<string, unknown>) => {
      const size = smsSegments(body);
      return {
        id: randomUUID(),
        tenant_id: tenant,
        dedupe_key: randomUUID(),
        message_type: 'QUEUE_CALL_NEXT',
        channel: 'sms' as const,
        recipient: '+21620123456',
        language: 'fr',
        body,
        encoding: size.encoding,
        segments: size.segments,
        cost: size.segments,
        status: 'delivered',
        sent_at: new Date(),
        ...over,
      };
    };
    await db
      .insertInto('notification_messages')
      .values([
        sms('Clinique Salam : ticket A012, guichet 2', {}),
        sms('عيادة السلام: اقترب دورك، التذكرة A013، يرجى الاقتراب من الشباك رقم اثنين الآن من فضلك', {
          recipient: '+21698765432',
          language: 'ar',
          status: 'failed',
          message_type: 'QUEUE_GET_READY',
          sent_at: null,
        }),
      ])
      .execute();
    await db
      .insertInto('staff_notifications')
      .values({ id: randomUUID(), tenant_id: tenant, kind: 'sms_balance_low', dedupe_key: 'low', payload: JSON.stringify({ balance: 12 }) })
      .execute();

    const { page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);

    // The bell counts the unread notice and opens it.
    await page.locator('[data-testid="notification-count"][data-count="1"]').waitFor();
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').filter({ hasText: 'running low: 12 left' }).waitFor();
    await page.getByTestId('notification-item').click();
    await page.waitForURL('**/settings/sms');

    // The SMS page: the ledger with its status chips and segments, then a filter on the number.
    await page.getByTestId('sms-balance-left').filter({ hasText: '200' }).waitFor();
    const ledger = page.getByTestId('sms-transactions');
    await ledger.locator('[data-status="delivered"]').waitFor();
    await ledger.locator('[data-status="failed"]').filter({ hasText: 'Failed' }).waitFor();
    await ledger.getByText('2 · UCS-2').waitFor();
    await page.locator('[data-testid="notification-count"][data-count="0"]').waitFor();
    await page.screenshot({ path: '/tmp/tabour-sms-en.png', fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.getByTestId('sms-filter-destination').locator('input').fill('98765');
    await ledger.locator('[data-status="delivered"]').waitFor({ state: 'detached' });
    await ledger.locator('[data-status="failed"]').waitFor();

    // The sender name and a message type, saved through the form.
    await page.locator('input[name="sender_name"]').fill('Salam');
    await page.getByLabel('Queue delayed').check();
    await page.getByTestId('sms-settings-save').click();
    await toast(page, 'Your changes have been saved');
    const saved = await apiCall('/business/sms/settings', 'GET', undefined, token);
    expect(saved.sender_name).toBe('Salam');
    expect(saved.enabled_types).toContain('QUEUE_DELAY');

    // A notification switch and a public setting.
    await page.goto('/settings/general');
    await page.getByTestId('general-settings').waitFor();
    await page.getByLabel('Push notification').click();
    await page.getByTestId('notification-settings-save').click();
    await toast(page, 'Your changes have been saved');
    await page.screenshot({ path: '/tmp/tabour-general-en.png', fullPage: true });
    await page.getByTestId('general-tab-public').click();
    await page.locator('input[name="public.get_ready_places"]').fill('5');
    await page.getByTestId('public-settings-save').click();
    await page.waitForTimeout(200);
    const settings = (await apiCall('/business/notification/settings', 'GET', undefined, token)) as NotificationSettings;
    expect(settings.channels.push).toBe(false);
    expect(settings.public.get_ready_places).toBe(5);
    expect(await violations(page)).toEqual([]);

    // A template: a placeholder inserted, the preview follows with sample values and the segments; a wrong placeholder is named.
    await page.getByTestId('general-tab-templates').click();
    const body = page.getByTestId('template-body');
    await body.fill('{{business}}: ticket {{ticket_number}} ');
    await page.getByTestId('placeholder-counter').click();
    await expect(body.inputValue()).resolves.toBe('{{business}}: ticket {{ticket_number}} {{counter}}');
    await page.getByTestId('template-preview-body').filter({ hasText: 'Clinique Salam: ticket A042 2' }).waitFor();
    await page.getByTestId('template-segments').filter({ hasText: 'SMS segments: 1' }).waitFor();
    await body.fill('{{name}}, your booking is {{booking_time}}');
    await page.getByTestId('template-problems').filter({ hasText: '{{booking_time}} is not a placeholder' }).waitFor();
    await body.fill('{{business}}: {{name}}, ticket {{ticket_number}} to counter {{counter}}');
    await page.getByTestId('template-save').click();
    await toast(page, 'Your changes have been saved');
    await page.getByTestId('template-origin').filter({ hasText: 'Your own text' }).waitFor();
    const templates = await apiCall('/business/notification/templates?type=QUEUE_CALL_NEXT&language=en&channel=sms', 'GET', undefined, token);
    expect(templates.data[0]).toMatchObject({ custom: true, body: '{{business}}: {{name}}, ticket {{ticket_number}} to counter {{counter}}' });
    await page.screenshot({ path: '/tmp/tabour-templates-en.png', fullPage: true });
    expect(await violations(page)).toEqual([]);

    // Arabic: right to left, the Arabic template's preview in UCS-2, and the ledger in Arabic.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('general-tab-templates').click();
    await page.getByTestId('template-language').click();
    await page.getByRole('option', { name: 'العربية' }).click();
    await page.getByTestId('template-preview-body').filter({ hasText: 'حان دورك' }).filter({ hasText: 'A042' }).waitFor();
    await page.getByTestId('template-segments').filter({ hasText: 'UCS-2' }).waitFor();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.screenshot({ path: '/tmp/tabour-templates-ar.png', fullPage: true });
    await page.goto('/settings/sms');
    await page.getByTestId('sms-transactions').locator('[data-status="failed"]').filter({ hasText: 'فشلت' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-sms-ar.png', fullPage: true });
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
