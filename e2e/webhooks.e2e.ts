import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { verifyAsDocumented, WebhookReceiver } from '../test/support/webhook-receiver';
import { screenFindings as findings, sideways, signedInPage, toArabic } from './support/screen';
import { apiCall, approvedOwner, useE2e } from './support/suite';

useE2e();

const SHOTS = '/tmp/shots';

const until = async <T>(check: () => T | undefined | false, what: string, ms = 15_000): Promise<T> => {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 50))) {
    const got = check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
};

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/webhooks-${name}.png`, fullPage: true });
}

describe('the webhooks section of the integrations screen', () => {
  let receiver: WebhookReceiver;
  let email: string;
  let token: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const owner = await approvedOwner('Clinique Crochet');
    email = owner.email;
    token = owner.session.token;
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('creates a webhook with its secret shown once, receives signed events, sends one again, turns it off; in English, then in Arabic right to left', async () => {
    const { context, page, errors } = await signedInPage(email);

    await page.goto('/settings/integrations');
    await page.getByTestId('webhooks-empty').waitFor();

    // The address is asked for, and an http address elsewhere than this machine refused, before anything is sent.
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-save').click();
    await page.getByText('Give the address that receives the events').waitFor();
    await page.getByTestId('webhook-url').fill('http://crm.example.com/hook');
    await page.getByTestId('webhook-save').click();
    await page.getByText('The address must start with https://').waitFor();
    // Some types only: the tickets' arrivals and calls.
    await page.getByTestId('webhook-url').fill(receiver.url);
    await page.getByTestId('webhook-all-types').getByRole('checkbox').uncheck();
    await page.getByTestId('webhook-type-ticket.created').getByRole('checkbox').check();
    await page.getByTestId('webhook-type-ticket.called').getByRole('checkbox').check();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
    expect(await findings(page)).toEqual([]);
    await shot(page, 'create-en');
    await page.getByTestId('webhook-save').click();

    // The secret, once.
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-close').click();
    const row = page.getByTestId('webhook-row');
    await row.waitFor();
    expect(await row.textContent()).not.toContain(secret);
    expect(await row.textContent()).toContain('ticket.called, ticket.created');
    expect(await row.locator('[data-state]').getAttribute('data-state')).toBe('active');

    // A ticket taken: its event arrives signed with that secret.
    const queue = (await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk' }] }, token)) as {
      id: string;
    };
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, token);
    const first = await until(() => receiver.received.find((r) => r.envelope.type === 'ticket.created'), 'the ticket.created delivery');
    expect(verifyAsDocumented(first.headers['tabour-signature'] as string, first.body, secret)).toBe(true);

    // The log shows it delivered; sent again, the receiver gets the same event id.
    await row.getByTestId('webhook-log').click();
    const delivery = page.getByTestId('webhook-delivery').first();
    await delivery.waitFor();
    expect(await delivery.getAttribute('data-status')).toBe('delivered');
    expect(await delivery.textContent()).toContain('ticket.created');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
    // The "saved" toast closed first: while it fades out its text is too pale for axe.
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await findings(page)).toEqual([]);
    await shot(page, 'log-en');
    await delivery.getByTestId('webhook-redeliver').click();
    await until(() => receiver.received.filter((r) => r.envelope.id === first.envelope.id).length === 2, 'the redelivery');
    await page.getByRole('button', { name: 'Close' }).click();

    // Turned off after a confirmation.
    await row.getByTestId('webhook-disable').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-state="off"]').waitFor();
    expect(await sideways(page)).toBe(0);
    await shot(page, 'list-en');

    // Arabic, right to left.
    await toArabic(page);
    await page.goto('/settings/integrations');
    await page.getByRole('heading', { name: 'الويب هوك' }).waitFor();
    await page.getByText('متوقّف').waitFor();
    await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root'));
    expect(await sideways(page)).toBe(0);
    expect(await findings(page)).toEqual([]);
    await shot(page, 'list-ar');
    await page.getByTestId('webhook-log').click();
    await page.getByTestId('webhook-delivery').first().waitFor();
    // Checked once the dialog has faded in: half-way, every text is too pale.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
    expect(await findings(page)).toEqual([]);
    await shot(page, 'log-ar');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
