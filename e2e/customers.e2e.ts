import { readFileSync, writeFileSync } from 'node:fs';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD, uniqueEmail as email } from './support/api';
import { apiCall, browser, server, useE2e } from './support/suite';

// A real 1×1 PNG: the server tells a file's kind by its first bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

useE2e();

describe('the customers screens', () => {
  it('creates a customer, finds them by phone in another format, attaches a file, marks them VIP and exports them', async () => {
    const owner = email('crm');
    await apiCall('/business/account/register', 'POST', {
      business_name: 'Salon Yasmine',
      first_name: 'Owner',
      last_name: 'Person',
      email: owner,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
      country: 'TN',
    });
    await server.approve(owner);
    const session = (await apiCall('/business/account/auth', 'POST', { email: owner, password: PASSWORD, ip: '' })) as { token: string };
    // Another customer, so the search has something to leave out.
    await apiCall('/business/customer/create', 'PUT', { first_name: 'Karim', last_name: 'Haddad', phone: '+216 98 765 432' }, session.token);

    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, owner, PASSWORD);

    await page.goto('/customers/create');
    await page.locator('input[name="first_name"]').fill('Leila');
    await page.locator('input[name="last_name"]').fill('Trabelsi');
    await page.locator('input[name="email"]').fill('leila.trabelsi@example.test');
    await page.locator('input[name="phone"]').fill('+216 20 123 456');
    await page.getByTestId('next-iid').click();
    // The next id arrives from the server: wait for it rather than read at once.
    await page.waitForFunction(() => /^\d+$/.test((document.querySelector('input[name="internal_id"]') as HTMLInputElement | null)?.value ?? ''));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}\/show$/);
    await page.getByText('+21620123456').first().waitFor();

    await page.goto('/customers');
    await page.getByText('Karim Haddad').waitFor();
    await page.locator('input[name="q"]').fill('20123456');
    await page.waitForURL(/filter=/);
    await page.getByText('Karim Haddad').waitFor({ state: 'detached' });
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    await page.getByText('Leila Trabelsi').waitFor();
    await page.screenshot({ path: '/tmp/tabour-customers.png' });

    await page.getByText('Leila Trabelsi').click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('tab', { name: 'Attachments' }).click();
    await page.getByTestId('attachments').waitFor();
    writeFileSync('/tmp/tabour-card.png', PNG);
    await page.getByTestId('attachment-input').setInputFiles('/tmp/tabour-card.png');
    await page.getByTestId('attachment-row').filter({ hasText: 'tabour-card.png' }).waitFor();

    await page.screenshot({ path: '/tmp/tabour-customer-attachments.png' });

    await page.getByRole('tab', { name: 'Modify' }).click();
    await page.locator('textarea[name="notes"]').fill('Prefers mornings');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Element updated').or(page.getByText('SUCCESSFUL')).first().waitFor();

    await page.getByTestId('mark-vip').click();
    await page.getByTestId('mark-basic').waitFor();
    await page.getByRole('tab', { name: 'Customer' }).click();
    await expect(page.getByTestId('category-chip').textContent()).resolves.toBe('VIP');
    await page.getByText('Prefers mornings').waitFor();
    await page.screenshot({ path: '/tmp/tabour-customer.png' });

    await page.getByRole('tab', { name: 'Queue archive' }).click();
    await page.getByTestId('empty-tab').waitFor();

    await page.goto('/customers');
    await page.locator('input[name="q"]').fill('0021620123456');
    await page.waitForURL(/0021620123456/);
    await page.getByText('Karim Haddad').waitFor({ state: 'detached' });
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain('Trabelsi');
    expect(csv).toContain('+21620123456');
    expect(csv).toContain('VIP');
    expect(csv).not.toContain('Haddad');

    // The import: one good row, one refused with its row number and reason.
    await page.goto('/customers');
    writeFileSync('/tmp/tabour-import.csv', 'Prénom,Nom,Téléphone,E-mail\nSami,Gharbi,22 333 444,sami@example.test\nBad,Row,,not-an-email\n');
    await page.getByTestId('import-input').setInputFiles('/tmp/tabour-import.csv');
    const report = page.getByTestId('import-report');
    await report.getByText('Imported: 1').waitFor();
    await report.getByText('Row 3').waitFor();
    await page.screenshot({ path: '/tmp/tabour-customers-import.png' });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('input[name="q"]').fill('gharbi');
    await page.getByText('Sami Gharbi').waitFor();

    // Arabic: right to left, translated labels.
    await page.evaluate(() => localStorage.setItem('tabour.language', 'ar'));
    await page.goto('/customers');
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.getByTestId('export-csv').filter({ hasText: 'تصدير CSV' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-customers-ar.png' });

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
