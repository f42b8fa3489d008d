import { screenFindings as findings, sideways, signedInPage, teamMember, toArabic } from './support/screen';
import { apiCall, approvedOwner, useE2e } from './support/suite';

useE2e();

describe('the activity log an auditor reads', () => {
  it("words each event, opens a ticket's timeline from its menu with its state at a moment, hides personal data from an employee, at 1366 px in English and Arabic", async () => {
    const { email, session } = await approvedOwner('Clinique Activity');
    const token = session.token;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, token);
    const counter = queue.counters[0].id as string;
    const ticket = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Nour Walkin' }, token);
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, token);
    await apiCall(`/business/queue/${queue.id}/ticket/${ticket.id}/notes`, 'POST', { note: 'wheelchair access' }, token);
    await apiCall(`/business/queue/${queue.id}/counter/${counter}/open`, 'POST', undefined, token);
    await apiCall(`/business/queue/${queue.id}/call`, 'POST', { counter_id: counter }, token);
    const customer = await apiCall('/business/customer/create', 'PUT', { first_name: 'Amira', last_name: 'Haddad', phone: '+21620111222' }, token);
    const employeeEmail = await teamMember(token, session.business.id, { first_name: 'Sami', last_name: 'Employee', position: 'Employee' });

    const { context, page, errors } = await signedInPage(email);

    // The log: sentences, not event names, stream ids or sealed blobs.
    await page.goto('/activity');
    const called = page.locator('[data-testid="activity-row"][data-type="TicketCalled"]');
    await called.getByText('Leila Owner called A1 to Desk 1').waitFor();
    await page.getByText('Leila Owner added a note to ticket A1: wheelchair access').waitFor();
    await page.getByText('Leila Owner gave ticket A1 to Nour Walkin in Accueil (rank 1)').waitFor();
    const text = (await page.getByTestId('activity-list').textContent()) ?? '';
    expect(text).not.toMatch(/TicketReturnedToWaiting|queue-[0-9a-f]{8}|v1\.|pii/);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // The stored event on demand.
    await called.getByTestId('activity-details').click();
    await page.getByTestId('activity-raw').filter({ hasText: '"type": "TicketCalled"' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await findings(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/tabour-activity-en.png', fullPage: true });

    // A filter by who did it.
    await page.getByRole('combobox', { name: 'Done by' }).click();
    await page.getByRole('option', { name: 'Kiosk' }).click();
    await page.waitForURL(/actor_kind/);
    await page.getByText('No activity matches these filters').waitFor();
    await page.getByRole('combobox', { name: 'Done by' }).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await page.locator('[data-testid="activity-row"][data-type="TicketCalled"]').waitFor();
    await expect(page.locator('[data-testid="activity-row"][data-type="UserPasswordChanged"]').count()).resolves.toBe(0);

    // The ticket's timeline from its menu on the waiting list, and its state before the call.
    await page.goto(`/queues/${queue.id}/waitinglist`);
    await page.getByTestId('menu-A1').click();
    await page.getByTestId('record-history').click();
    await page.waitForURL(/\/activity\?filter=/);
    const timeline = page.getByTestId('activity-timeline');
    await timeline.getByText('History of Ticket A1').waitFor();
    await expect(page.getByTestId('activity-row').count()).resolves.toBe(3);
    await page.getByTestId('activity-state-show').click();
    await expect(page.getByTestId('activity-state-counter').textContent()).resolves.toBe('Desk 1');
    await expect(page.getByTestId('activity-state-customer_name').textContent()).resolves.toBe('Nour Walkin');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/tabour-activity-timeline-en.png', fullPage: true });

    // Once ended, the ticket's row in the archive leads to the same timeline.
    await apiCall(`/business/queue/${queue.id}/end/${ticket.id}`, 'POST', undefined, token);
    await page.goto(`/queues/${queue.id}/archive`);
    await page.getByTestId('archived-A1').getByTestId('record-history').click();
    await page.getByTestId('activity-timeline').getByText('History of Ticket A1').waitFor();
    await page.locator('[data-testid="activity-row"][data-type="TicketEnded"]').getByText('Leila Owner ended ticket A1').waitFor();
    // The customer's page leads to the customer's timeline.
    await page.goto(`/customers/${customer.id}/show`);
    await page.getByTestId('record-history').click();
    await page.getByTestId('activity-timeline').getByText('History of Customer Amira Haddad').waitFor();
    await page.locator('[data-testid="activity-row"][data-type="CustomerRegistered"]').getByText('Leila Owner registered the customer Amira Haddad').waitFor();
    await page.goto('/activity');

    // Arabic: mirrored, worded, still no sideways scroll.
    await toArabic(page);
    await page.locator('[data-testid="activity-row"][data-type="TicketCalled"]').getByText('Leila Owner: نداء A1 إلى Desk 1').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // The list refetches in the new language: its progress bar goes once the answer is in.
    await page.locator('.MuiLinearProgress-root').waitFor({ state: 'detached' });
    expect(await findings(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/tabour-activity-ar.png', fullPage: true });
    await page.locator('[data-testid="activity-row"][data-type="TicketCalled"]').getByTestId('activity-record').click();
    await page.getByTestId('activity-timeline').getByText('سجل تذكرة A1').waitFor();
    await page.getByTestId('activity-state-show').click();
    // Ended by now: the state says how it left the list, not that it never was.
    await page.getByTestId('activity-state-status').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/tabour-activity-timeline-ar.png', fullPage: true });
    await context.close();

    // An employee reads the same sentences without the customer's name or the note.
    const { context: other, page: agentPage } = await signedInPage(employeeEmail, errors);
    await agentPage.goto('/activity');
    await agentPage.getByText('Leila Owner called A1 to Desk 1').waitFor();
    await agentPage.getByText('Leila Owner gave ticket A1 to a customer in Accueil (rank 1)').waitFor();
    const seen = (await agentPage.locator('body').textContent()) ?? '';
    expect(seen).not.toContain('Nour');
    expect(seen).not.toContain('wheelchair');
    await other.close();
    expect(errors).toEqual([]);
  }, 240_000);
});
