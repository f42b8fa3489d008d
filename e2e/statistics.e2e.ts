import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { loginThroughForm } from './support/browser';
import { PASSWORD, uniqueEmail } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

/** The figure shown under a test id, as text. */
const figure = async (page: Page, id: string) => ((await page.getByTestId(id).locator('p').first().textContent()) ?? '').trim();

async function toArabic(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.getByTestId('language-ar').waitFor({ state: 'detached' });
}

/** A whole-page picture from the top, so the fixed app bar sits where it belongs. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}

/** Polls until the statistics projection has filed the morning (it follows the queue a moment after). */
async function settled(token: string, taken: number, served: number) {
  for (let i = 0; i < 100; i++) {
    const home = await apiCall('/business/statistic/home/filter', 'POST', {}, token);
    if (home.today.taken === taken && home.today.served === served) return home;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the statistics projection did not catch up');
}

describe('statistics and the dashboard a manager reads in the morning', () => {
  it('shows the morning’s figures and charts on the dashboard and /statistics, exports a chart as a spreadsheet, in English and Arabic', async () => {
    const { email, session } = await approvedOwner('Clinique Statistiques');
    const token = session.token;
    // A scripted morning: six tickets taken, four served, one in service, one waiting.
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, token);
    const counter = queue.counters[0].id as string;
    await apiCall(`/business/queue/${queue.id}/counter/${counter}/open`, 'POST', undefined, token);
    for (let i = 0; i < 6; i++) await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, token);
    for (let i = 0; i < 5; i++) await apiCall(`/business/queue/${queue.id}/call`, 'POST', { counter_id: counter }, token);
    const home = await settled(token, 6, 4);
    expect(home.today.waiting).toBe(1);

    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);

    // The dashboard: the welcome and, with activity, today's figures and two charts.
    await page.getByTestId('onboarding').waitFor();
    await page.getByTestId('home-figures').waitFor();
    expect(await figure(page, 'today-taken')).toBe('6');
    expect(await figure(page, 'today-served')).toBe('4');
    expect(await figure(page, 'today-waiting')).toBe('1');
    await page.getByTestId('home-visits').locator('.recharts-area-area').first().waitFor();
    await page.getByTestId('home-services').locator('.recharts-bar-rectangle').first().waitFor();
    await shoot(page, 'statistics-dashboard-en');
    const [consumption] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-service-consumption').click()]);
    expect(readFileSync((await consumption.path())!, 'utf8')).toBe('\uFEFFService,Taken,Served\nNo service,6,4');

    // Live: a ticket taken at another desk shows without a reload.
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, token);
    await page.waitForFunction(() => document.querySelector('[data-testid="today-waiting"] p')?.textContent?.trim() === '2');
    await page.waitForFunction(() => document.querySelector('[data-testid="today-taken"] p')?.textContent?.trim() === '7');

    // /statistics: the customers tab's totals, then the frequency tab's chart and heatmap.
    await page.getByTestId('nav-statistics').click();
    await page.waitForURL('**/statistics');
    await page.getByTestId('total-taken').waitFor();
    expect(await figure(page, 'total-taken')).toBe('7');
    expect(await figure(page, 'total-served')).toBe('4');
    expect(await figure(page, 'walk-ins')).toBe('7');
    await page.getByTestId('tab-frequency').click();
    await page.waitForURL(/tab=frequency/);
    await page.getByTestId('chart-visits').locator('.recharts-area-area').first().waitFor();
    await page.getByTestId('heatmap').waitFor();
    const cells = await page.$$eval('[data-testid="heatmap"] td[data-tickets]', (tds) => tds.reduce((n, td) => n + Number(td.getAttribute('data-tickets')), 0));
    expect(cells).toBe(7);
    await page.getByTestId('chart-bar').click();
    await page.waitForURL(/chart=bar/);
    await page.getByTestId('chart-visits').locator('.recharts-bar-rectangle').first().waitFor();

    // Serious or critical accessibility findings, leaving out the user menu's button (the frame's own test answers for it).
    const findings = (await axeViolations(page))
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !n.includes('RaUserMenu-userButton')) }))
      .filter((v) => v.nodes.length > 0);
    expect(findings).toEqual([]);

    // The visits chart's numbers as XLSX, opened as a spreadsheet.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx-visits').click()]);
    expect(file.suggestedFilename()).toMatch(/^statistics-visits-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(readFileSync((await file.path())!));
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['Period', 'Tickets', 'Bookings']);
    expect(rows).toHaveLength(31); // the header and the last 30 days
    expect(rows.slice(1).reduce((n, r) => n + Number(r[1]), 0)).toBe(7);
    // And as CSV, with its UTF-8 mark.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-visits').click()]);
    expect(readFileSync((await csv.path())!, 'utf8')).toMatch(/^\uFEFFPeriod,Tickets,Bookings\n/);
    await shoot(page, 'statistics-frequency-en');

    // By month: the last 30 days fall in two months, each a bucket named by its first day.
    await page.getByRole('combobox', { name: 'Chart period' }).click();
    await page.getByRole('option', { name: 'Monthly' }).click();
    await page.waitForURL(/period=monthly/);
    const [monthly] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx-visits').click()]);
    const months = XLSX.read(readFileSync((await monthly.path())!));
    const monthRows = XLSX.utils.sheet_to_json<(string | number)[]>(months.Sheets[months.SheetNames[0]], { header: 1 }).slice(1);
    expect(monthRows.map((r) => String(r[0]).slice(8))).toEqual(monthRows.map(() => '01'));
    expect(monthRows.reduce((n, r) => n + Number(r[1]), 0)).toBe(7);

    // The services and logs tabs.
    await page.getByTestId('tab-services').click();
    await page.getByTestId('chart-services').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('counters-table').getByText('Desk 1').waitFor();
    await page.getByTestId('tab-logs').click();
    const logs = page.getByTestId('tickets-table');
    await logs.waitFor();
    const taken = await logs.locator('tbody tr').evaluateAll((trs) => trs.reduce((n, tr) => n + Number(tr.children[1].textContent), 0));
    expect(taken).toBe(7);
    await shoot(page, 'statistics-logs-en');

    // The time tab: the service level against a target the manager sets, and the estimates' accuracy.
    await page.getByTestId('tab-time').click();
    await page.getByTestId('service-level').waitFor();
    await page.getByTestId('target-minutes').fill('5');
    await page.getByTestId('target-save').click();
    await page.getByText('Waits within 5 min').waitFor();
    expect((await apiCall('/business/statistic/settings', 'GET', undefined, token)).service_level_target_seconds).toBe(300);
    expect(await figure(page, 'service-level')).toBe('100 %');
    await page.getByTestId('chart-estimate-accuracy').waitFor();
    await shoot(page, 'statistics-time-en');

    // A reporting mail made through the form.
    await page.goto('/settings/report-settings');
    await page.getByTestId('report-create').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('report-title').fill('Morning rush');
    await dialog.getByRole('combobox', { name: 'Queue' }).click();
    await page.getByRole('option', { name: 'Accueil' }).click();
    await dialog.getByRole('combobox', { name: 'Team member mailed' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('report-value').fill('3');
    await page.getByTestId('report-content-en').fill('{{title}}: {{total_waiting}} waiting at {{total_counters}} counters');
    await page.getByTestId('report-save').click();
    await page.getByTestId('report-Morning rush').getByText('Tickets waiting ≥ 3').waitFor();
    const saved = await apiCall('/business/report-settings', 'GET', undefined, token);
    expect(saved.data).toEqual([expect.objectContaining({ title: 'Morning rush', queue_id: queue.id, trigger_value: 3, daily_summary: false })]);
    // A text naming an unknown placeholder is refused under its field.
    await page.getByTestId('report-create').click();
    await page.getByTestId('report-title').fill('Broken');
    await dialog.getByRole('combobox', { name: 'Queue' }).click();
    await page.getByRole('option', { name: 'Accueil' }).click();
    await dialog.getByRole('combobox', { name: 'Team member mailed' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('report-content-en').fill('Hello {{name}}');
    await page.getByTestId('report-save').click();
    await dialog.getByText(/Unknown placeholder \{\{name\}\}/).waitFor();
    await shoot(page, 'statistics-report-refused-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Arabic: the same figures, right to left, the time axis mirrored.
    await page.goto('/statistics?tab=frequency');
    await page.getByTestId('chart-visits').waitFor();
    await toArabic(page);
    await page.getByTestId('chart-visits').getByText('تردد الزيارات').waitFor();
    await shoot(page, 'statistics-frequency-ar');
    await page.getByTestId('tab-customers').click();
    await page.getByTestId('total-taken').waitFor();
    expect(await figure(page, 'total-taken')).toBe('7');
    await shoot(page, 'statistics-customers-ar');
    await page.goto('/dashboard');
    await page.getByTestId('home-figures').waitFor();
    await shoot(page, 'statistics-dashboard-ar');

    // The counter statistics this month, beside the live figures.
    await page.goto(`/queues/${queue.id}/counterStats`);
    await page.getByTestId('period-counters').waitFor();
    await shoot(page, 'statistics-counters-ar');

    // The reporting mails: one made through the API, listed and opened in Arabic.
    const team = await apiCall('/business/team?pagination=off', 'GET', undefined, token);
    const members = (Array.isArray(team) ? team : team.data) as { id: string }[];
    await apiCall(
      '/business/report-settings/create',
      'POST',
      {
        title: 'Accueil chargé',
        queue_id: queue.id,
        trigger_kpi: 'total_waiting',
        trigger_operator: 'gte',
        trigger_value: 10,
        member_id: members[0].id,
        content: { en: '{{title}}: {{total_waiting}} waiting', fr: '{{title}} : {{total_waiting}} en attente', ar: '{{title}}: {{total_waiting}} في الانتظار' },
        daily_summary: true,
        summary_time: '18:30',
      },
      token,
    );
    // The team member's own counter statistics on their page.
    await page.goto(`/settings/team/${members[0].id}`);
    await page.getByTestId('member-counter-period').waitFor();
    await page.getByTestId('member-counters').getByText('Desk 1').waitFor();
    expect(await figure(page, 'member-served')).toBe('4');
    await page.getByTestId('period-year').click();
    await page.getByTestId('member-counters').getByText('Desk 1').waitFor();
    await shoot(page, 'statistics-member-ar');

    await page.goto('/settings/report-settings');
    const row = page.getByTestId('report-Accueil chargé');
    await row.getByText('18:30').waitFor();
    await row.getByText('التذاكر المنتظرة ≥ 10').waitFor();
    await shoot(page, 'statistics-reports-ar');
    await row.getByRole('button').first().click();
    await page.getByTestId('report-content-ar').waitFor();
    // The dialog's fade-in done before the picture.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
    await page.screenshot({ path: '/tmp/shots/statistics-report-dialog-ar.png' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives an employee the dashboard without the figures, and no statistics (the session kept)', async () => {
    const { session } = await approvedOwner('Clinique Employés');
    const employeeEmail = uniqueEmail('employee');
    const employee = await apiCall(
      '/business/team/create',
      'POST',
      { first_name: 'Sami', last_name: 'Employee', email: employeeEmail, position: 'Employee' },
      session.token,
    );
    await server.setPassword(session.business.id, employee.id, PASSWORD);
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', counters: [{ name: 'Desk 1' }] }, session.token);
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', {}, session.token);

    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const refused: string[] = [];
    page.on('response', (r) => r.status() === 403 && refused.push(r.url()));
    await loginThroughForm(page, employeeEmail, PASSWORD);
    await page.getByTestId('dashboard').waitFor();
    await expect(page.getByTestId('nav-statistics').count()).resolves.toBe(0);
    await page.goto('/statistics');
    await page.getByTestId('access-denied').waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('dashboard').waitFor();
    await expect(page.getByTestId('home-figures').count()).resolves.toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });
});
