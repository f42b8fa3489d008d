import type { Availability } from '@tabour/contracts';
import type { Page } from 'playwright-core';
import { FakeProviders, FakeSms, providerEnv, startFakeProviders, twilioSignature } from '../test/support/fake-providers';
import { PASSWORD, uniqueEmail } from './support/api';
import { axeViolations } from './support/axe';
import { loginThroughForm, newPage } from './support/browser';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

// The product's Twilio and SendGrid SDKs talk to local fakes; their addresses are known once the
// fakes listen, before the server starts (jest runs the beforeAll hooks in the order given).
let fake: FakeProviders;
const env: Record<string, string> = { NOTIFICATIONS_POLL_MS: '200', REMINDER_JOB: 'off' };
beforeAll(async () => {
  fake = await startFakeProviders();
  Object.assign(env, providerEnv(fake));
});
useE2e(env);
afterAll(() => fake?.close());

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  open: true,
  ranges: [{ from: '00:00', to: '23:59' }],
}));

async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The SMS's status as the outbox holds it. */
const statusOf = async (recipient: string) =>
  (
    await server.database.db
      .selectFrom('notification_messages')
      .select('status')
      .where('channel', '=', 'sms')
      .where('recipient', '=', recipient)
      .executeTakeFirst()
  )?.status;

/**
 * Twilio's status callback for an SMS, as Twilio posts it: a form to the address the product gave
 * with the message, signed with the account's auth token over that full address and the fields.
 */
async function postTwilioStatus(sms: FakeSms, status: string): Promise<number> {
  const callback = sms.status_callback!;
  const params = {
    AccountSid: env.TWILIO_ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    From: sms.from,
    MessageSid: sms.sid,
    MessageStatus: status,
    SmsSid: sms.sid,
    SmsStatus: status,
    To: sms.to,
  };
  const target = new URL(callback);
  const res = await fetch(`${server.url}${target.pathname}${target.search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(env.TWILIO_AUTH_TOKEN, callback, params) },
    body: new URLSearchParams(params).toString(),
  });
  return res.status;
}

/**
 * Accessibility of the message history alone: the screens around it (the customer page's
 * toolbar, the booking dialog's slot grid) answer for themselves in their own tests.
 */
async function historyViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  await axeViolations(page); // loads axe-core into the page
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run({ include: [['[data-testid="message-history"]']] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
}

async function toArabic(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

describe('an SMS from the waiting list to the customer, and its delivery report', () => {
  it('texts the customer a ticket pushed by an agent; Twilio says delivered; the ledger, the customer and the ticket show it', async () => {
    const { email: ownerEmail, session } = await approvedOwner('Clinique de la Marsa');
    const token = session.token;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'S', counters: [{ name: 'Desk 1' }] }, token);
    const phone = '+21620123456';
    const customer = await apiCall('/business/customer/create', 'PUT', { first_name: 'Salma', last_name: 'Gharbi', phone, preferred_language: 'en' }, token);
    // The agent: a manager at the desk, who may pick a customer of the business for the ticket.
    const agentEmail = uniqueEmail('agent');
    const agent = await apiCall('/business/team/create', 'POST', { first_name: 'Hedi', last_name: 'Agent', email: agentEmail, position: 'Manager' }, token);
    await server.setPassword(session.business.id, agent.id, PASSWORD);

    const desk = await newPage(browser, server.url);
    const errors: string[] = [];
    desk.page.on('pageerror', (e) => errors.push(`desk: ${e.message}`));
    await loginThroughForm(desk.page, agentEmail, PASSWORD);
    await desk.page.goto(`/queues/${queue.id}/waitinglist`);
    await desk.page.getByTestId('push-ticket').click();
    await desk.page.getByRole('combobox', { name: 'Customer' }).fill('Salma');
    await desk.page.getByRole('option', { name: /Salma Gharbi/ }).click();
    await desk.page.getByTestId('dialog-submit').click();
    await desk.page.getByTestId('waiting-S1').filter({ hasText: 'Salma Gharbi' }).waitFor();

    // The SMS reaches Twilio (the fake), with the ticket's number and the address for its reports.
    const sms = await until(() => fake.sms.find((s) => s.to === phone), 'the SMS at the provider');
    expect(sms.body).toContain('S1');
    expect(sms.status_callback).toMatch(/\/webhooks\/twilio\/status\?m=[0-9a-f-]{36}$/);
    await until(async () => (await statusOf(phone)) === 'sent', 'the SMS marked sent');

    // A report with a wrong signature changes nothing; Twilio's own is applied.
    const forged = await fetch(`${server.url}${new URL(sms.status_callback!).pathname}${new URL(sms.status_callback!).search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'bm90IHR3aWxpbw==' },
      body: new URLSearchParams({ MessageSid: sms.sid, MessageStatus: 'failed' }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(await statusOf(phone)).toBe('sent');
    expect(await postTwilioStatus(sms, 'delivered')).toBe(204);
    expect(await statusOf(phone)).toBe('delivered');

    // The ticket's messages, from its menu on the waiting list.
    await desk.page.getByTestId('menu-S1').click();
    await desk.page.getByTestId('ticket-messages').click();
    const ticketHistory = desk.page.getByTestId('ticket-messages-dialog');
    await ticketHistory.locator('[data-testid="message-row"][data-channel="sms"][data-status="delivered"]').filter({ hasText: 'Ticket taken' }).waitFor();
    // Once the menu has gone and the dialog has faded in.
    await desk.page.getByRole('menu').waitFor({ state: 'detached' });
    await desk.page.waitForFunction(
      () => getComputedStyle(document.querySelector('[data-testid="ticket-messages-dialog"] .MuiDialog-container')!).opacity === '1',
    );
    await desk.page.screenshot({ path: '/tmp/tabour-messages-ticket-en.png' });
    expect(await axeViolations(desk.page)).toEqual([]);

    // The owner: the SMS in /settings/sms, delivered, and in the customer's Messages tab.
    const office = await newPage(browser, server.url);
    office.page.on('pageerror', (e) => errors.push(`office: ${e.message}`));
    await loginThroughForm(office.page, ownerEmail, PASSWORD);
    await office.page.goto('/settings/sms');
    const ledger = office.page.getByTestId('sms-transactions');
    const row = ledger.locator('tr').filter({ hasText: phone });
    await row.locator('[data-status="delivered"]').filter({ hasText: 'Delivered' }).waitFor();
    await office.page.screenshot({ path: '/tmp/tabour-sms-delivered-en.png', fullPage: true });

    // The history fits the page as the customer's other tabs do: its long texts wrap.
    const width = () => office.page.evaluate(() => document.documentElement.scrollWidth);
    await office.page.goto(`/customers/${customer.id}/show`);
    await office.page.getByRole('tab', { name: 'Messages' }).waitFor();
    const pageWidth = await width();
    await office.page.getByRole('tab', { name: 'Messages' }).click();
    const history = office.page.getByTestId('message-history');
    const shown = history.locator('[data-testid="message-row"][data-type="QUEUE_TICKET_WITHOUT_TIME"][data-channel="sms"]');
    await shown.locator('[data-status="delivered"]').filter({ hasText: 'Delivered' }).waitFor();
    await expect(shown.textContent()).resolves.toContain(phone);
    await expect(shown.textContent()).resolves.toContain(sms.body.slice(0, 40));
    expect(await width()).toBeLessThanOrEqual(pageWidth);
    await office.page.screenshot({ path: '/tmp/tabour-messages-customer-en.png', fullPage: true });
    expect(await historyViolations(office.page)).toEqual([]);

    await toArabic(office.page);
    await shown.locator('[data-status="delivered"]').filter({ hasText: 'وصلت' }).waitFor();
    await office.page.getByRole('tab', { name: 'الرسائل' }).waitFor();
    await office.page.screenshot({ path: '/tmp/tabour-messages-customer-ar.png', fullPage: true });
    expect(await historyViolations(office.page)).toEqual([]);
    expect(errors).toEqual([]);
    await desk.context.close();
    await office.context.close();
  }, 120_000);

  it("shows a booking's messages in its dialog", async () => {
    const { email, session } = await approvedOwner('Cabinet Ennasr');
    const token = session.token;
    await apiCall('/business/workingdays/update', 'POST', { working_days: EVERY_DAY }, token);
    const department = await apiCall('/business/department/create', 'PUT', { name: 'Kinésithérapie', slot_duration: 30, max_bookings_per_slot: 1 }, token);
    const phone = '+21620654321';
    const customer = await apiCall('/business/customer/create', 'PUT', { first_name: 'Rania', last_name: 'Ayari', phone, preferred_language: 'en' }, token);
    // The first free slot, which late in the evening is on a later day than today.
    const open = (await apiCall(`/business/booking/available/?dep=${department.id}`, 'GET', undefined, token)) as Availability;
    const slot = open.days.flatMap((d) => d.slots)[0];
    expect(slot).toBeDefined();
    await apiCall('/business/booking/create', 'PUT', { department_id: department.id, customer_id: customer.id, starts_at: slot.starts_at }, token);
    const sms = await until(() => fake.sms.find((s) => s.to === phone), 'the booking SMS at the provider');
    await until(async () => (await statusOf(phone)) === 'sent', 'the booking SMS marked sent');
    expect(await postTwilioStatus(sms, 'undelivered')).toBe(204);

    const { page, context } = await newPage(browser, server.url);
    await loginThroughForm(page, email, PASSWORD);
    await page.goto('/bookings');
    await page.locator('.fc-timegrid-event').filter({ hasText: 'Rania' }).click();
    const dialog = page.getByTestId('booking-dialog');
    const row = dialog.locator('[data-testid="message-row"][data-type="BOOKING_CREATED"][data-channel="sms"]');
    await row.locator('[data-status="undelivered"]').filter({ hasText: 'Not delivered' }).waitFor();
    await expect(row.textContent()).resolves.toContain('Booking created');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/tabour-messages-booking-en.png' });
    expect(await historyViolations(page)).toEqual([]);
    await context.close();

    const ar = await newPage(browser, server.url);
    await loginThroughForm(ar.page, email, PASSWORD);
    await toArabic(ar.page);
    await ar.page.goto('/bookings');
    await ar.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await ar.page.locator('.fc-timegrid-event').filter({ hasText: 'Rania' }).click();
    const arRow = ar.page.getByTestId('booking-dialog').locator('[data-testid="message-row"][data-type="BOOKING_CREATED"]');
    await arRow.locator('[data-status="undelivered"]').waitFor();
    await arRow.scrollIntoViewIfNeeded();
    await ar.page.screenshot({ path: '/tmp/tabour-messages-booking-ar.png' });
    await ar.context.close();
  }, 120_000);
});
