import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

describe('dates, times and numbers in Arabic', () => {
  it("writes a customer's dates in the interface language and the business's time zone, and the phone number in its own direction", async () => {
    const { email, session } = await approvedOwner('عيادة الأمل');
    // A zone far from the browser's: a time written in the laptop's zone would differ.
    await apiCall('/business/update', 'POST', { time_zone: 'Asia/Tokyo' }, session.token);
    const customer = await apiCall(
      '/business/customer/create',
      'PUT',
      { first_name: 'أمينة', last_name: 'الصالح', phone: '+21671000000', date_of_birth: '1990-03-07' },
      session.token,
    );
    const record = await apiCall(`/business/customer/${customer.id}`, 'GET', undefined, session.token);

    const { context, page } = await newPage(browser, server.url, 'en-US');
    await page.goto('/login/no-recaptcha');
    // Once the form shows, the page has stored its own language: the choice written now stays.
    await page.locator('input[name="email"]').waitFor();
    await page.evaluate(() => localStorage.setItem('tabour.language', 'ar'));
    await loginThroughForm(page, email, PASSWORD);
    await page.goto(`/customers/${customer.id}/show`);
    const created = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date(record.created_at));
    const born = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(1990, 2, 7, 12)));
    await page.getByText(created).waitFor();
    await page.getByText(born).waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    // Never the US style of the browser's default.
    expect(body).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
    // The phone number keeps its left-to-right order inside the right-to-left page.
    const phone = page.getByText('+21671000000');
    await expect(phone.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('ltr');
    await page.screenshot({ path: '/tmp/tabour-customer-ar.png' });

    // The business's phone keeps its order in the form; the industries are named in Arabic.
    await apiCall('/business/update', 'POST', { phone: '+21671000000' }, session.token);
    await page.goto('/settings/business');
    const phoneInput = page.locator('input[name="phone"]');
    await expect(phoneInput.inputValue()).resolves.toBe('+21671000000');
    await expect(phoneInput.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('ltr');
    await page.locator('div:has(> input[name="industry"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: 'الصحة والعيادات' }).waitFor();
    await page.keyboard.press('Escape');

    // An empty list says so in a sentence Arabic grammar accepts, whatever the list's name.
    await page.goto('/settings/departments');
    await expect(page.getByTestId('empty').textContent()).resolves.toContain('لا توجد عناصر في «الأقسام» بعد.هل تريد إضافة عنصر؟');
    await context.close();
  }, 90_000);
});
