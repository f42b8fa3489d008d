import type { Page } from 'playwright-core';
import type { Availability, BookingRequest, FreeSlot } from '@tabour/contracts';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD } from './support/api';
import { BookingRequestsService } from '../apps/api/src/bookings/requests/requests.service';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

/** A slot's time as the table writes it in English ("9:00 AM" for 09:00): the hour and minutes, without the leading zero. */
const shownTime = (hhmm: string) => hhmm.replace(/^0/, '');

useE2e();

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  open: true,
  ranges: [{ from: '08:00', to: '20:00' }],
}));

async function toast(page: Page, text: string | RegExp) {
  await page.getByTestId('toast').filter({ hasText: text }).last().waitFor();
}

async function toArabic(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

async function toEnglish(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
}

/** A clinic that confirms online bookings, with one department of two places per slot and its next free slots. */
async function clinic(name: string) {
  const { email, session } = await approvedOwner(name);
  const token = session.token;
  await apiCall('/business/workingdays/update', 'POST', { working_days: EVERY_DAY }, token);
  await apiCall('/business/bookingSettings', 'PUT', { booking_confirmation: true }, token);
  const service = await apiCall('/business/service/create', 'PUT', { name: 'Consultation', price: 30, duration: 30 }, token);
  const department = await apiCall(
    '/business/department/create',
    'PUT',
    {
      name: 'Médecine générale',
      service_ids: [service.id],
      slot_duration: 30,
      max_bookings_per_slot: 2,
      primary_color: '#1e88e5',
      text_color: '#ffffff',
    },
    token,
  );
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
  const free = (await apiCall(`/business/booking/available/?dep=${department.id}&from=${from}&to=${to}`, 'GET', undefined, token)) as Availability;
  const day = free.days.find((d) => d.slots.length >= 3)!;
  expect(day).toBeDefined();
  return { email, token, businessId: session.business.id, service, department, day };
}

/**
 * A customer's online booking while the business confirms bookings: it arrives as a booking
 * request, through the same service the online channels call (the back-office's own create
 * books straight into the book), then matched against the business's rules.
 */
async function onlineBooking(
  businessId: string,
  input: { department_id: string; service_ids: string[]; customer_id: string; slot: FreeSlot },
): Promise<BookingRequest> {
  const requests = server.app.get(BookingRequestsService);
  const request = await requests.submit(businessId, {
    department_id: input.department_id,
    service_ids: input.service_ids,
    customer_id: input.customer_id,
    starts_at: input.slot.starts_at,
    is_online: true,
  });
  return JSON.parse(JSON.stringify(request)) as BookingRequest;
}

describe('booking requests, rules, booking forms and payment types', () => {
  it('approves a pending request with another time from /bookings/request, and the booking shows in /bookings/table', async () => {
    const { email, token, businessId, service, department, day } = await clinic('Cabinet Médical El Menzah');
    const customer = await apiCall('/business/customer/create', 'PUT', { first_name: 'Amira', last_name: 'Ben Salah', phone: '+21620111222' }, token);
    const [asked, , chosen] = day.slots;
    const request = await onlineBooking(businessId, { department_id: department.id, service_ids: [service.id], customer_id: customer.id, slot: asked });
    expect(request.status).toBe('pending');

    const { page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);
    await page.getByTestId('nav-bookings-request').click();
    await page.waitForURL('**/bookings/request');
    const row = page.locator(`[data-testid="request-${request.id}"][data-status="pending"]`);
    await row.filter({ hasText: 'Amira Ben Salah' }).waitFor();
    await page.locator('[data-testid="requests-live"]').filter({ hasText: 'Live' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-booking-requests-en.png', fullPage: true });

    // Approved at another free time of the same day, picked in the dialog's week of free slots.
    await row.getByTestId('approve').click();
    await page.getByTestId(`slot-${day.date}-${chosen.time}`).click();
    await page.getByTestId('approve-confirm').click();
    await toast(page, 'The request has been approved');
    await page.locator(`[data-testid="request-${request.id}"][data-status="approved"]`).filter({ hasText: 'By staff' }).waitFor();

    const approved = (await apiCall(`/business/booking/request/${request.id}`, 'GET', undefined, token)) as BookingRequest;
    expect(approved.status).toBe('approved');
    expect(approved.booking_id).toBeTruthy();

    // The booking is in the table, at the time staff chose, found by the customer's name.
    await page.getByTestId('nav-bookings-table').click();
    await page.waitForURL('**/bookings/table**');
    await page.getByTestId('bookings-search').locator('input').fill('Amira');
    const booked = page.getByTestId('bookings-table').locator('tbody tr').filter({ hasText: 'Amira Ben Salah' });
    await booked.filter({ hasText: shownTime(chosen.time) }).waitFor();
    await expect(booked.count()).resolves.toBe(1);
    await page.screenshot({ path: '/tmp/tabour-bookings-table-en.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it('a rule made in /settings/rules declines the next request of a blacklisted customer, and the request says which rule did', async () => {
    const { email, token, businessId, service, department, day } = await clinic('Polyclinique Les Jasmins');
    const { page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);

    await page.getByTestId('nav-settings-rules').click();
    await page.waitForURL('**/settings/rules');
    await page.getByTestId('rule-create').click();
    await page.waitForURL('**/settings/rules/create');
    await page.locator('input[name="name"]').fill('Blacklisted customers are declined');
    await page.getByRole('combobox', { name: 'Applies to' }).click();
    await page.getByRole('option', { name: 'Blacklisted customers' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/rules');
    await page.getByTestId('rule-0').filter({ hasText: 'Blacklisted customers are declined' }).waitFor();
    await page.getByTestId('rule-0').filter({ hasText: 'Decline' }).waitFor();
    // A second rule moved above the first: the order is saved at once, and matching follows it.
    await apiCall(
      '/business/rules/create',
      'PUT',
      { name: 'VIP customers are approved', action: 'approve', flow: 'booking', applies_to: 'vip', time_frame: 'forever' },
      token,
    );
    await page.reload();
    await page.getByTestId('rule-1').filter({ hasText: 'VIP customers are approved' }).getByTestId('rule-up').click();
    await toast(page, 'The order of the rules has been saved');
    await page.getByTestId('rule-0').filter({ hasText: 'VIP customers are approved' }).waitFor();
    const ordered = (await apiCall('/business/rules?pagination=off', 'GET', undefined, token)) as { data: { name: string; position: number }[] };
    expect([...ordered.data].sort((a, b) => a.position - b.position).map((r) => r.name)).toEqual([
      'VIP customers are approved',
      'Blacklisted customers are declined',
    ]);
    await page.screenshot({ path: '/tmp/tabour-rules-en.png', fullPage: true });

    // The requests screen is open while the request arrives: the rule's decision shows without a reload.
    await page.getByTestId('nav-bookings-request').click();
    await page.waitForURL('**/bookings/request');
    await page.locator('[data-testid="requests-live"]').filter({ hasText: 'Live' }).waitFor();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const customer = await apiCall(
      '/business/customer/create',
      'PUT',
      { first_name: 'Karim', last_name: 'Haddad', phone: '+21620333444', category: 'BLACKLISTED' },
      token,
    );
    const request = await onlineBooking(businessId, { department_id: department.id, service_ids: [service.id], customer_id: customer.id, slot: day.slots[0] });
    expect(request.status).toBe('declined');
    expect(request.decision?.rule_name).toBe('Blacklisted customers are declined');
    await page
      .locator(`[data-testid="request-${request.id}"][data-status="declined"]`)
      .filter({ hasText: 'By the rule “Blacklisted customers are declined”' })
      .waitFor();
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);

    // Both screens in Arabic, right to left.
    await toArabic(page);
    await page.getByRole('heading', { name: 'طلبات الحجز' }).or(page.getByText('طلبات الحجز').first()).first().waitFor();
    await page.locator(`[data-testid="request-${request.id}"]`).filter({ hasText: 'مرفوض' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-booking-requests-ar.png', fullPage: true });
    await page.goto('/settings/rules');
    await page.getByTestId('rule-1').filter({ hasText: 'رفض' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await page.screenshot({ path: '/tmp/tabour-rules-ar.png', fullPage: true });
    await toEnglish(page);
    expect(errors).toEqual([]);
  });

  it('adds a booking form field in /settings/forms and saves the accepted payment types in /settings/payment_type', async () => {
    const { email, session } = await approvedOwner('Laboratoire Pasteur Sfax');
    const token = session.token;
    const { page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);

    await page.getByTestId('nav-settings-forms').click();
    await page.waitForURL('**/settings/forms');
    await page.getByTestId('form-fields-booking').waitFor();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/settings/forms/create');
    await page.locator('input[name="names.en"]').fill('Insurance number');
    await page.locator('input[name="names.ar"]').fill('رقم التأمين');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Number' }).click();
    await page.locator('textarea[name="options"]').fill('100\n200\n');
    await page.getByLabel('Required').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/forms');
    await page.getByTestId('form-fields-booking').locator('tr').filter({ hasText: 'Insurance number' }).filter({ hasText: 'Yes' }).waitFor();
    const fields = (await apiCall('/business/forms?pagination=off&flow=booking', 'GET', undefined, token)) as {
      data: { names: Record<string, string>; type: string; options: string[]; required: boolean }[];
    };
    expect(fields.data.map((f) => [f.names, f.type, f.options, f.required])).toEqual([
      [{ ar: 'رقم التأمين', en: 'Insurance number' }, 'number', ['100', '200'], true],
    ]);

    await page.getByTestId('nav-settings-payment_type').click();
    await page.waitForURL('**/settings/payment_type');
    const before = (await apiCall('/business/business/payment-types', 'GET', undefined, token)) as { methods: string[] };
    for (const m of ['cash', 'cheque', 'online', 'other'])
      await expect(page.getByTestId(`payment-${m}`).locator('input').isChecked()).resolves.toBe(before.methods.includes(m));
    await page.getByTestId('payment-cash').locator('input').setChecked(true);
    await page.getByTestId('payment-cheque').locator('input').setChecked(false);
    await page.getByTestId('payment-online').locator('input').setChecked(true);
    await page.getByTestId('payment-other').locator('input').setChecked(false);
    await page.getByTestId('payment-save').click();
    await toast(page, 'The payment types have been saved');
    await expect(apiCall('/business/business/payment-types', 'GET', undefined, token)).resolves.toEqual({ methods: ['cash', 'online'] });
    expect(errors).toEqual([]);
  });

  it('imports a CSV into /bookings/table with the per-row report, and exports the table as an iCalendar file', async () => {
    const { email, day } = await clinic('Centre Dentaire Lac 2');
    const { page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);
    await page.getByTestId('nav-bookings-table').click();
    await page.waitForURL('**/bookings/table**');

    const csv = [
      'date,time,department,customer_name,customer_phone',
      `${day.date},${day.slots[0].time},Médecine générale,Sami Jlassi,+21620555666`,
      'tomorrow,25:00,Médecine générale,Nadia Gharbi,+21620777888',
      '',
    ].join('\n');
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-input').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-notify').locator('input').check();
    await page.getByTestId('import-send').click();
    const report = page.getByTestId('import-report');
    await report.filter({ hasText: 'Imported: 1' }).filter({ hasText: 'Rejected: 1' }).waitFor();
    await report.getByTestId('import-row-2').filter({ hasText: 'Imported' }).waitFor();
    await expect(report.getByTestId('import-row-3').textContent()).resolves.toMatch(/date/i);
    await page.screenshot({ path: '/tmp/tabour-bookings-import-en.png', fullPage: true });
    await page.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('bookings-table')
      .locator('tbody tr')
      .filter({ hasText: 'Sami Jlassi' })
      .filter({ hasText: shownTime(day.slots[0].time) })
      .waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-ics').click()]);
    const file = await download.path();
    const ics = (await import('node:fs')).readFileSync(file!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('Sami Jlassi');
    expect(errors).toEqual([]);
  });
});
