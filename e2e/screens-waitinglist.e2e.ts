import type { Page } from 'playwright-core';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD, uniqueEmail as email } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

async function toast(page: Page, text: string | RegExp) {
  await page.getByTestId('toast').filter({ hasText: text }).last().waitFor();
}

/** The labels of the waiting list, top to bottom, with the place and estimate each row shows. */
async function rows(page: Page) {
  return page.locator('[data-testid^="waiting-"][data-rank]').evaluateAll((trs) =>
    trs.map((tr) => ({
      label: tr.getAttribute('data-testid')!.replace('waiting-', ''),
      position: tr.querySelector('[data-testid="position"]')!.textContent,
      estimate: tr.querySelectorAll('td')[4]?.textContent ?? '',
    })),
  );
}

describe('the waiting list at a counter', () => {
  let token: string;
  let queue: { id: string; counters: { id: string; name: string }[] };
  let otherQueue: { id: string; counters: { id: string; name: string }[] };
  let agentEmail: string;
  let ownerEmail: string;
  let ownerId: string;

  beforeAll(async () => {
    const owner = await approvedOwner('Clinique du Parc');
    ownerEmail = owner.email;
    ownerId = (owner.session as unknown as { user: { id: string } }).user.id;
    token = owner.session.token;
    queue = await apiCall(
      '/business/queue/create',
      'PUT',
      { name: 'Accueil', ticket_prefix: 'A', on_hold_enabled: true, counters: [{ name: 'Desk 1' }, { name: 'Desk 2' }] },
      token,
    );
    otherQueue = await apiCall('/business/queue/create', 'PUT', { name: 'Radiologie', ticket_prefix: 'R', counters: [{ name: 'Salle 1' }] }, token);
    agentEmail = email('agent');
    const agent = await apiCall('/business/team/create', 'POST', { first_name: 'Sami', last_name: 'Agent', email: agentEmail, position: 'Employee' }, token);
    await server.setPassword(owner.session.business.id, agent.id, PASSWORD);
  }, 120_000);

  it('shows the order call next follows, with the actions and keys a receptionist needs beside the ticket in service', async () => {
    for (const name of ['Amira', 'Bilel', 'Chedli']) await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: name }, token);
    const a3 = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Dora', urgent: true }, token);
    expect(a3.label).toBe('A4');

    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, agentEmail, PASSWORD);
    await page.goto(`/queues/${queue.id}/waitinglist`);
    await page.getByTestId('waiting-A4').waitFor();
    // The urgent A4 is called first: it is shown first, with no one before it.
    const before = await rows(page);
    expect(before.map((r) => [r.label, r.position])).toEqual([
      ['A4', '1'],
      ['A1', '2'],
      ['A2', '3'],
      ['A3', '4'],
    ]);
    // The head of the line is next, not "0 min"; the one after it waits a service time.
    expect(before.slice(0, 2).map((r) => r.estimate)).toEqual(['Next', '5 min']);

    // The counter picker: Desk 2 chosen, opened, closed; it is offered again next time.
    await page.getByTestId('desk-counter').click();
    await page.getByRole('option', { name: 'Desk 2' }).click();
    await page.getByTestId('open-counter').click();
    await page.getByTestId('desk-at').filter({ hasText: 'Desk 2' }).waitFor();
    // Call next has the focus: Enter calls, and the shortcuts are written on the screen.
    await expect(page.getByTestId('call-next').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByTestId('desk-shortcuts').textContent()).resolves.toContain('N call next');
    await page.getByTestId('close-counter').click();
    await page.getByTestId('open-counter').waitFor();
    await page.reload();
    await page.getByTestId('open-counter').waitFor();
    await expect(page.getByTestId('desk-counter').locator('input').inputValue()).resolves.toBe(queue.counters[1].id);
    await page.getByTestId('open-counter').click();
    await page.getByTestId('desk-at').filter({ hasText: 'Desk 2' }).waitFor();

    // N calls next: the first row of the list.
    await page.keyboard.press('n');
    await toast(page, 'Ticket A4 called');
    await page.getByTestId('desk-serving').filter({ hasText: 'A4' }).waitFor();
    await page.getByTestId('waiting-A4').waitFor({ state: 'detached' });
    await page.screenshot({ path: '/tmp/tabour-waitinglist-en.png', fullPage: true });

    // Calling the next while serving says what happened to the ticket at the counter.
    await page.getByTestId('call-next').click();
    await toast(page, 'Ticket A4 ended; ticket A1 called');

    // H puts the ticket at the counter on hold; R recalls it to the top of the list.
    await page.getByTestId('desk-serving').filter({ hasText: 'A1' }).waitFor();
    await page.keyboard.press('h');
    await toast(page, 'Ticket A1 is on hold');
    await page.getByTestId('on-hold-A1').waitFor();
    await page.keyboard.press('r');
    await toast(page, 'Ticket A1 recalled');
    await page.getByTestId('waiting-A1').waitFor();

    // End beside the ticket in service: one click.
    await page.keyboard.press('n');
    await toast(page, 'Ticket A1 called');
    await page.getByTestId('quick-end-A1').click();
    await toast(page, 'Ticket A1 ended');
    await page.getByTestId('in-service-empty').waitFor();

    // No-show beside the ticket in service, after a confirmation.
    await page.getByTestId('call-next').click();
    await toast(page, 'Ticket A2 called');
    await page.getByTestId('quick-no_show-A2').click();
    await page.getByTestId('dialog-submit').click();
    await toast(page, 'Ticket A2 marked as no-show');

    // E ends, once the next one is called; then closing while serving asks first.
    await page.getByTestId('call-next').click();
    await toast(page, 'Ticket A3 called');
    await page.getByTestId('close-counter').click();
    await expect(page.getByTestId('close-counter-text').textContent()).resolves.toContain('A3');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('desk-serving').filter({ hasText: 'A3' }).waitFor();
    await page.keyboard.press('e');
    await toast(page, 'Ticket A3 ended');

    // Holding Desk 2 here, the other queue's page names this one.
    await page.goto(`/queues/${otherQueue.id}/waitinglist`);
    await page.getByTestId('desk-elsewhere').filter({ hasText: 'You hold Desk 2 in the queue “Accueil”' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('asks before closing a counter that serves, and puts the ticket back at the top when confirmed', async () => {
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Emna' }, token);
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, agentEmail, PASSWORD);
    await page.goto(`/queues/${queue.id}/waitinglist`);
    await page.getByTestId('desk-at').waitFor();
    await page.getByTestId('call-next').click();
    await page.getByTestId('desk-serving').waitFor();
    await page.getByTestId('close-counter').click();
    await page.getByTestId('dialog-submit').click();
    await toast(page, 'Counter closed');
    await page.locator('[data-testid^="waiting-"][data-position="1"]').waitFor();
    await context.close();
  }, 60_000);

  it("marks, for the agent's counter, the ticket its call next takes and those it never will", async () => {
    const q = await apiCall('/business/queue/create', 'PUT', { name: 'Guichet', ticket_prefix: 'G', counters: [{ name: 'G1' }] }, token);
    await apiCall(`/business/queue/${q.id}/push`, 'PUT', { customer_name: 'Pour le patron', member_id: ownerId }, token);
    await apiCall(`/business/queue/${q.id}/push`, 'PUT', { customer_name: 'Pour tous' }, token);
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, agentEmail, PASSWORD);
    // The agent still holds Desk 2 of Accueil: freed through the API, as the end of a shift would.
    await apiCall(`/business/queue/${queue.id}/counter/${queue.counters[1].id}/close`, 'POST', {}, token);
    await page.goto(`/queues/${q.id}/waitinglist`);
    await page.getByTestId('open-counter').click();
    await page.getByTestId('desk-at').waitFor();
    await page.getByTestId('waiting-G1').getByTestId('not-mine').waitFor();
    await page.getByTestId('waiting-G2').getByTestId('next-mine').waitFor();
    await page.keyboard.press('n');
    await toast(page, 'Ticket G2 called');
    await apiCall(`/business/queue/${q.id}/counter/${q.counters[0].id}/close`, 'POST', {}, token);
    await context.close();
  }, 60_000);

  it('finds a ticket far down a long line by its label or its customer, though only the rows on screen are in the page', async () => {
    const q = await apiCall('/business/queue/create', 'PUT', { name: 'Guichet long', ticket_prefix: 'F', counters: [{ name: 'F1' }] }, token);
    for (let i = 1; i <= 120; i++)
      await apiCall(`/business/queue/${q.id}/push`, 'PUT', { customer_name: i === 117 ? 'Nadia Ferchichi' : `Client ${i}` }, token);
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, ownerEmail, PASSWORD);
    await page.goto(`/queues/${q.id}/waitinglist`);
    await page.getByTestId('waiting-F1').waitFor();
    // Beyond the screen: not in the page, so the browser's own find would miss it.
    await expect(page.getByTestId('waiting-F118').count()).resolves.toBe(0);
    const find = page.getByTestId('find-ticket');
    await find.fill('f118');
    await page.getByTestId('waiting-F118').waitFor();
    await expect(rows(page)).resolves.toEqual([expect.objectContaining({ label: 'F118' })]);
    await find.fill('ferchichi');
    await expect(page.getByTestId('waiting-F117').textContent()).resolves.toContain('Nadia Ferchichi');
    await expect(page.locator('[data-testid^="waiting-F"][data-rank]').count()).resolves.toBe(1);
    // Typing in the box calls nobody: N is a letter there, not the call-next key.
    await find.fill('nobody here');
    await page.getByTestId('find-none').filter({ hasText: 'No waiting ticket matches “nobody here”.' }).waitFor();
    await find.fill('');
    await page.getByTestId('waiting-F1').waitFor();
    await context.close();
  }, 90_000);

  it('labels the icons of /queues and keeps "Delete" on one line', async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, ownerEmail, PASSWORD);
    await page.goto('/queues');
    const row = page.locator('tr').filter({ has: page.getByTestId('queue-row-Accueil') });
    for (const [id, name] of [
      ['queue-edit', 'Edit'],
      ['queue-archive', 'Archive'],
      ['queue-counterStats', 'Counters'],
      ['queue-reorderServices', 'Order of services'],
      ['queue-display', 'Display screen'],
    ]) {
      await expect(row.getByTestId(id).getAttribute('aria-label')).resolves.toBe(name);
      await row.getByTestId(id).hover();
      await page.getByRole('tooltip', { name }).waitFor();
    }
    const box = (await row.getByTestId('queue-delete').boundingBox())!;
    expect(box.height).toBeLessThan(40);
    await context.close();
  }, 60_000);

  it('mirrors the waiting list in Arabic', async () => {
    const { context, page } = await newPage(browser, server.url, 'ar');
    await page.goto('/login/no-recaptcha');
    // Once the form shows, the page has stored its own language: the choice written now stays.
    await page.locator('input[name="email"]').waitFor();
    await page.evaluate(() => localStorage.setItem('tabour.language', 'ar'));
    await loginThroughForm(page, agentEmail, PASSWORD);
    await page.goto(`/queues/${queue.id}/waitinglist`);
    await page.getByTestId('waiting-list').waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    for (const [name, urgent] of [
      ['فاطمة', true],
      ['كريم', false],
      ['لينا', true],
    ] as const)
      await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: name, urgent }, token);
    await page.getByTestId('open-counter').click();
    await page.getByTestId('call-next').click();
    await page.getByTestId('desk-serving').waitFor();
    // The second urgent ticket, pushed last, is first in the list.
    await page.locator('[data-testid^="waiting-"][data-position="1"]').filter({ hasText: 'لينا' }).getByTestId('urgent-flag').waitFor();
    await expect(page.getByTestId('desk-shortcuts').textContent()).resolves.toContain('استدعاء التالي');
    await page.screenshot({ path: '/tmp/tabour-waitinglist-ar.png', fullPage: true });
    await context.close();
  }, 60_000);
});
