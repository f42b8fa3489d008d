import type { Page } from 'playwright-core';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD, uniqueEmail as email } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

/** The newest toast's text, once one shows. */
async function toast(page: Page, text: string | RegExp) {
  await page.getByTestId('toast').filter({ hasText: text }).last().waitFor();
}

/** Live once the page has joined the queue's room: what happens after reaches it without a reload. */
async function waitLive(page: Page) {
  await page.locator('[data-testid="live-state"][data-state="live"]').waitFor();
}

async function ticketAction(page: Page, label: string, action: string) {
  await page.getByTestId(`menu-${label}`).click();
  await page.getByTestId(`action-${action}`).click();
}

describe('the queue screens', () => {
  it('keeps two pages of one queue in step without a reload: push, call, hold, recall, redirect, no-show and end', async () => {
    const { email: ownerEmail, session } = await approvedOwner('Clinique des Oliviers');
    const token = session.token;
    const queue = await apiCall(
      '/business/queue/create',
      'PUT',
      { name: 'Accueil', ticket_prefix: 'A', on_hold_enabled: true, counters: [{ name: 'Desk 1' }, { name: 'Desk 2' }] },
      token,
    );
    const other = await apiCall('/business/queue/create', 'PUT', { name: 'Radiologie', ticket_prefix: 'R', counters: [{ name: 'Salle 1' }] }, token);
    const agentEmail = email('agent');
    const agent = await apiCall('/business/team/create', 'POST', { first_name: 'Sami', last_name: 'Agent', email: agentEmail, position: 'Employee' }, token);
    await server.setPassword(session.business.id, agent.id, PASSWORD);

    // Page A: the owner (ADMIN); page B: an agent (EMPLOYEE), each in its own browser context.
    const a = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    const errors: string[] = [];
    a.page.on('pageerror', (e) => errors.push(`A: ${e.message}`));
    b.page.on('pageerror', (e) => errors.push(`B: ${e.message}`));
    await loginThroughForm(a.page, ownerEmail, PASSWORD);
    await loginThroughForm(b.page, agentEmail, PASSWORD);

    // The owner reaches the waiting list from the list of queues; the agent opens it directly.
    await a.page.goto('/queues');
    const row = a.page.getByTestId('queue-row-Accueil');
    await row.waitFor();
    await a.page.locator('tr').filter({ has: row }).getByTestId('queue-waitinglist').click();
    await a.page.waitForURL(`**/queues/${queue.id}/waitinglist`);
    await b.page.goto(`/queues/${queue.id}/waitinglist`);
    await Promise.all([waitLive(a.page), waitLive(b.page)]);
    // A reload would lose these marks: they prove every change below arrived live.
    for (const p of [a.page, b.page]) await p.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // Pushed in A, shown in B.
    await a.page.getByTestId('push-ticket').click();
    await a.page.getByTestId('push-customer-name').fill('Amira Ben Salah');
    await a.page.getByTestId('dialog-submit').click();
    await toast(a.page, 'Ticket A1 pushed');
    await b.page.getByTestId('waiting-A1').filter({ hasText: 'Amira Ben Salah' }).waitFor();
    await a.page.screenshot({ path: '/tmp/tabour-waitinglist-owner.png' });

    // The agent opens Desk 1 and calls the next customer; A sees the ticket at the counter.
    await b.page.getByTestId('open-counter').click();
    await b.page.getByTestId('desk-at').filter({ hasText: 'Desk 1' }).waitFor();
    await b.page.getByTestId('call-next').click();
    await toast(b.page, 'Ticket A1 called');
    await b.page.getByTestId('desk-serving').filter({ hasText: 'A1' }).waitFor();
    await a.page.getByTestId('in-service-A1').filter({ hasText: 'Desk 1' }).waitFor();
    await a.page.getByTestId('waiting-A1').waitFor({ state: 'detached' });
    await b.page.screenshot({ path: '/tmp/tabour-waitinglist-agent.png' });

    // Put on hold in B, seen on hold in A.
    await ticketAction(b.page, 'A1', 'hold');
    await toast(b.page, 'Ticket A1 is on hold');
    await a.page.getByTestId('on-hold-A1').waitFor();
    await a.page.getByTestId('in-service-empty').waitFor();

    // Recalled in A: back at the head of the waiting list in B.
    await ticketAction(a.page, 'A1', 'recall');
    await toast(a.page, 'Ticket A1 recalled');
    await b.page.locator('[data-testid="waiting-A1"][data-rank="1"]').waitFor();
    await b.page.getByTestId('on-hold-empty').waitFor();

    // Redirected from B to the other queue, keeping its number, after a confirmation; gone from A.
    await ticketAction(b.page, 'A1', 'redirect');
    await b.page.getByTestId('redirect-target').click();
    await b.page.getByRole('option', { name: 'Radiologie' }).click();
    await expect(b.page.getByTestId('keep-number').locator('input').isChecked()).resolves.toBe(true);
    await b.page.getByTestId('confirm-text').filter({ hasText: 'Send ticket A1 to Radiologie?' }).waitFor();
    await b.page.getByTestId('dialog-submit').click();
    await toast(b.page, 'Ticket A1 redirected');
    await a.page.getByTestId('waiting-A1').waitFor({ state: 'detached' });
    await a.page.getByTestId('waiting-empty').waitFor();
    const target = (await apiCall(`/business/queue/${other.id}/waitinglist`, 'GET', undefined, token)) as { data: { label: string; customer_name: string }[] };
    expect(target.data.map((t) => [t.label, t.customer_name])).toEqual([['A1', 'Amira Ben Salah']]);

    // A no-show: pushed in A, marked in B after the confirmation, gone from A.
    await a.page.getByTestId('push-ticket').click();
    await a.page.getByTestId('push-customer-name').fill('Karim Haddad');
    await a.page.getByTestId('dialog-submit').click();
    await toast(a.page, 'Ticket A2 pushed');
    await b.page.getByTestId('waiting-A2').filter({ hasText: 'Karim Haddad' }).waitFor();
    await ticketAction(b.page, 'A2', 'no_show');
    await b.page.getByTestId('confirm-text').filter({ hasText: 'Mark ticket A2 as a no-show?' }).waitFor();
    await b.page.getByTestId('dialog-submit').click();
    await toast(b.page, 'Ticket A2 marked as no-show');
    await a.page.getByTestId('waiting-A2').waitFor({ state: 'detached' });

    // The end of a service: called and ended in B, seen in A at each step.
    await a.page.getByTestId('push-ticket').click();
    await a.page.getByTestId('push-customer-name').fill('Nour Trabelsi');
    await a.page.getByTestId('dialog-submit').click();
    await toast(a.page, 'Ticket A3 pushed');
    await b.page.getByTestId('waiting-A3').waitFor();
    await b.page.getByTestId('call-next').click();
    await toast(b.page, 'Ticket A3 called');
    await a.page.getByTestId('in-service-A3').waitFor();
    await ticketAction(b.page, 'A3', 'end');
    await b.page.getByTestId('confirm-text').filter({ hasText: 'End ticket A3?' }).waitFor();
    await b.page.getByTestId('dialog-submit').click();
    await toast(b.page, 'Ticket A3 ended');
    await a.page.getByTestId('in-service-A3').waitFor({ state: 'detached' });
    await a.page.getByTestId('in-service-empty').waitFor();

    // Nobody left: calling again is refused with the "Sorry!" toast (docs/product.md#messages-and-toasts).
    await b.page.getByTestId('call-next').click();
    const sorry = b.page.getByTestId('toast').filter({ hasText: 'Cannot call next customer' });
    await sorry.waitFor();
    await expect(sorry.textContent()).resolves.toContain('Sorry!');

    for (const p of [a.page, b.page]) await expect(p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    const archive = (await apiCall(`/business/queue/${queue.id}/archive`, 'POST', { pagination: 'off' }, token)) as {
      data: { label: string; status: string }[];
    };
    expect(archive.data.map((t) => `${t.label}:${t.status}`)).toEqual(expect.arrayContaining(['A2:no_show', 'A3:ended']));
    expect(errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 180_000);

  it('sets a queue up through its screens, types a note, restores a revoked ticket, counts what each counter served, and speaks Arabic right to left', async () => {
    const { email: ownerEmail, session } = await approvedOwner('Centre Ibn Sina');
    const token = session.token;
    const consult = await apiCall('/business/service/create', 'PUT', { name: 'Consultation', price: 20, duration: 15 }, token);
    const vaccine = await apiCall('/business/service/create', 'PUT', { name: 'Vaccination', price: 10, duration: 5 }, token);
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, ownerEmail, PASSWORD);

    // A note type, from its ADMIN screen.
    await page.getByTestId('nav-settings-note-type').click();
    await page.waitForURL('**/settings/note-type');
    await page.goto('/settings/note-type/create');
    await page.locator('input[name="name"]').fill('Allergie');
    await page.locator('input[name="color"]').fill('#d32f2f');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/note-type');
    await page.getByTestId('note-type-list').getByText('Allergie').waitFor();

    // A queue with every tab of its form: fields, services, a counter, its own working days, a translation.
    await page.goto('/queues/create');
    await page.locator('input[name="name"]').fill('Pédiatrie');
    await page.locator('input[name="ticket_prefix"]').fill('P');
    await page.getByRole('tab', { name: 'Services and team' }).click();
    await page.getByRole('combobox', { name: 'Services' }).click();
    await page.getByRole('option', { name: 'Consultation' }).click();
    await page.getByRole('option', { name: 'Vaccination' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Counters' }).click();
    await expect(page.locator('input[name="counters.0.name"]').inputValue()).resolves.toBe('Counter 1');
    await page.getByRole('tab', { name: 'Working days' }).click();
    await page.getByTestId('own-hours').locator('input').check();
    await page.getByTestId('day-monday').getByRole('switch').check();
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.locator('input[name="translations.fr.name"]').fill('Pédiatrie (FR)');
    await page.screenshot({ path: '/tmp/tabour-queue-form.png' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/queues$/);
    await page.getByTestId('queue-row-Pédiatrie').waitFor();
    await page.screenshot({ path: '/tmp/tabour-queues.png' });
    const list = (await apiCall('/business/queue?pagination=off', 'GET', undefined, token)) as { data: { id: string; name: string }[] };
    const id = list.data.find((q) => q.name === 'Pédiatrie')!.id;
    const created = await apiCall(`/business/queue/${id}`, 'GET', undefined, token);
    expect(created).toMatchObject({ ticket_prefix: 'P', service_ids: [consult.id, vaccine.id], translations: { fr: { name: 'Pédiatrie (FR)' } } });
    expect(created.counters.map((c: { name: string }) => c.name)).toEqual(['Counter 1']);
    expect(created.working_days.find((d: { day: string }) => d.day === 'monday')).toEqual({
      day: 'monday',
      open: true,
      ranges: [{ from: '08:00', to: '17:00' }],
    });

    // Editing: a second counter at once, then the queue's priority.
    await page.goto(`/queues/${id}/edit`);
    await page.getByRole('tab', { name: 'Counters' }).click();
    await page.getByTestId('counter-Counter 1').waitFor();
    await page.getByTestId('new-counter-name').fill('Counter 2');
    await page.getByTestId('add-counter').click();
    await toast(page, 'Counter added');
    await page.getByTestId('counter-Counter 2').waitFor();
    await page.getByRole('tab', { name: 'General' }).click();
    await page.locator('input[name="priority"]').fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/queues$/);
    await expect(apiCall(`/business/queue/${id}`, 'GET', undefined, token)).resolves.toMatchObject({
      priority: 5,
      counters: [{ name: 'Counter 1' }, { name: 'Counter 2' }],
    });

    // The order of its services: Vaccination first.
    await page.goto(`/queues/${id}/reorderServices`);
    await page.getByTestId('queue-service-Consultation').getByTestId('move-down').click();
    await page.getByTestId('save-service-order').click();
    await toast(page, 'The order has been saved');
    await expect(apiCall(`/business/queue/${id}`, 'GET', undefined, token)).resolves.toMatchObject({ service_ids: [vaccine.id, consult.id] });

    // A typed note and the urgent flag on a waiting ticket; then revoked after the confirmation.
    await apiCall(`/business/queue/${id}/push`, 'PUT', { customer_name: 'Yasmine Gharbi', service_ids: [consult.id] }, token);
    await apiCall(`/business/queue/${id}/push`, 'PUT', { customer_name: 'Omar Jaziri', service_ids: [vaccine.id] }, token);
    await page.goto(`/queues/${id}/waitinglist`);
    await waitLive(page);
    const p1 = page.getByTestId('waiting-P1');
    await p1.filter({ hasText: 'Consultation' }).waitFor();

    // Dragged by its handle, P2 moves above P1.
    const from = (await page.getByTestId('drag-P2').boundingBox())!;
    const to = (await page.getByTestId('drag-P1').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await toast(page, 'Ticket P2 moved');
    await page.locator('[data-testid="waiting-P2"][data-rank="1"]').waitFor();
    const moved = (await apiCall(`/business/queue/${id}/waitinglist`, 'GET', undefined, token)) as { data: { label: string }[] };
    expect(moved.data.map((t) => t.label)).toEqual(['P2', 'P1']);
    // dnd-kit swallows the clicks of the 50 ms after a drop (so a drop never clicks what is under it).
    await page.waitForTimeout(150);
    await ticketAction(page, 'P1', 'note');
    await page.getByTestId('ticket-dialog').getByRole('combobox', { name: 'Note type' }).click();
    await page.getByRole('option', { name: 'Allergie' }).click();
    await page.getByTestId('note-text').fill('Allergic to penicillin');
    await page.screenshot({ path: '/tmp/tabour-ticket-note.png' });
    await page.getByTestId('dialog-submit').click();
    await toast(page, 'Note added to ticket P1');
    await p1.getByTestId('notes').filter({ hasText: 'Notes: 1' }).waitFor();
    await ticketAction(page, 'P1', 'urgent');
    await p1.getByTestId('urgent-flag').waitFor();
    await ticketAction(page, 'P1', 'revoke');
    await page.getByTestId('dialog-submit').click();
    await toast(page, 'Ticket P1 revoked');
    await p1.waitFor({ state: 'detached' });

    // The archive shows it revoked today, and restores it to the waiting list.
    await page.goto(`/queues/${id}/archive`);
    await page.getByTestId('archived-P1').filter({ hasText: 'Revoked' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-queue-archive.png' });
    await page.getByTestId('archive-search').locator('input').fill('nobody-like-this');
    await page.getByTestId('archived-P1').waitFor({ state: 'detached' });
    await page.getByTestId('archive-search').locator('input').fill('Yasmine');
    await page.getByTestId('archived-P1').getByTestId('restore').click();
    await toast(page, 'Ticket P1 is back in the waiting list');
    const waiting = (await apiCall(`/business/queue/${id}/waitinglist`, 'GET', undefined, token)) as { data: { label: string; notes: unknown[] }[] };
    // Restored urgent, P1 is listed where call next takes it: first.
    expect(waiting.data.map((t) => t.label)).toEqual(['P1', 'P2']);
    expect(waiting.data[0].notes).toEqual([expect.objectContaining({ text: 'Allergic to penicillin' })]);

    // Counter figures: the owner serves P1 at Counter 1 (through the API); the screen counts it live.
    await page.goto(`/queues/${id}/counterStats`);
    await page.locator('[data-testid="counter-stats"][data-live="live"]').waitFor();
    const counter1 = created.counters[0].id as string;
    await apiCall(`/business/queue/${id}/counter/${counter1}/open`, 'POST', undefined, token);
    const called = (await apiCall(`/business/queue/${id}/call`, 'POST', { counter_id: counter1 }, token)) as { ticket: { id: string; label: string } };
    await page.getByTestId('stats-Counter 1').filter({ hasText: called.ticket.label }).waitFor();
    await apiCall(`/business/queue/${id}/end/${called.ticket.id}`, 'POST', undefined, token);
    await page.getByTestId('stats-Counter 1').getByTestId('served').filter({ hasText: '1' }).waitFor();
    await expect(page.getByTestId('stats-Counter 2').getByTestId('served').textContent()).resolves.toBe('0');
    await page.screenshot({ path: '/tmp/tabour-counter-stats.png' });

    // A queue with a ticket still waiting cannot be deleted: the "Sorry!" toast says why.
    await page.goto('/queues');
    await page
      .locator('tr')
      .filter({ has: page.getByTestId('queue-row-Pédiatrie') })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const refused = page.getByTestId('toast').filter({ hasText: 'Cannot delete queue: The queue still has tickets: end or redirect them first' });
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain('Sorry!');
    await page.getByTestId('queue-row-Pédiatrie').waitFor();

    // Arabic: the waiting list right to left, in Arabic words.
    await page.evaluate(() => localStorage.setItem('tabour.language', 'ar'));
    await page.goto(`/queues/${id}/waitinglist`);
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.getByTestId('push-ticket').filter({ hasText: 'إضافة تذكرة' }).waitFor();
    await page.getByTestId('close-counter').filter({ hasText: 'إغلاق الشباك' }).waitFor();
    await page.locator('[data-testid="live-state"][data-state="live"]').filter({ hasText: 'مباشر' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-waitinglist-ar.png' });

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('keeps the set-up screens from an agent and gives them the waiting list', async () => {
    const { session } = await approvedOwner('Agence du Lac');
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Guichet unique', counters: [{ name: 'G1' }] }, session.token);
    const agentEmail = email('agent');
    const agent = await apiCall(
      '/business/team/create',
      'POST',
      { first_name: 'Rim', last_name: 'Agent', email: agentEmail, position: 'Employee' },
      session.token,
    );
    await server.setPassword(session.business.id, agent.id, PASSWORD);
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, agentEmail, PASSWORD);
    await page.getByTestId('nav-queues').waitFor();
    await expect(page.getByTestId('nav-settings-note-type').count()).resolves.toBe(0);
    await page.goto('/queues');
    const row = page.locator('tr').filter({ has: page.getByTestId('queue-row-Guichet unique') });
    await row.getByTestId('queue-waitinglist').waitFor();
    // Only the screens an agent may open have a button.
    await expect(row.getByTestId('queue-edit').count()).resolves.toBe(0);
    await expect(row.getByTestId('queue-archive').count()).resolves.toBe(0);
    await expect(row.getByTestId('queue-reorderServices').count()).resolves.toBe(1);
    await expect(page.getByTestId('create-queue').count()).resolves.toBe(0);
    for (const path of [
      `/queues/${queue.id}/edit`,
      `/queues/${queue.id}/archive`,
      `/queues/${queue.id}/counterStats`,
      '/queues/create',
      '/settings/note-type',
    ]) {
      await page.goto(path);
      await page.getByTestId('access-denied').waitFor();
    }
    // Refused pages sent no call the server would refuse: the session is still there.
    await page.goto(`/queues/${queue.id}/waitinglist`);
    await page.getByTestId('open-counter').waitFor();
    await context.close();
  }, 60_000);
});
