import type { Page } from 'playwright-core';
import type { Availability, Booking } from '@tabour/contracts';
import { axeViolations } from './support/axe';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  open: true,
  ranges: [{ from: '08:00', to: '20:00' }],
}));

/**
 * A zone where it is now between 09:00 and 15:00, so that the business's today keeps slots for
 * a booking whatever the hour of the run (a UTC business has none left in the day's last minutes).
 */
function zoneAtMidday(): string {
  const zones = [
    'Pacific/Pago_Pago',
    'Pacific/Honolulu',
    'America/Anchorage',
    'America/Los_Angeles',
    'America/Denver',
    'America/Chicago',
    'America/New_York',
    'America/Halifax',
    'America/Sao_Paulo',
    'Atlantic/South_Georgia',
    'Atlantic/Azores',
    'UTC',
    'Europe/Paris',
    'Europe/Athens',
    'Europe/Moscow',
    'Asia/Dubai',
    'Asia/Karachi',
    'Asia/Dhaka',
    'Asia/Bangkok',
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Australia/Brisbane',
    'Pacific/Noumea',
    'Pacific/Auckland',
    'Pacific/Tongatapu',
    'Pacific/Kiritimati',
  ];
  const hour = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date()));
  return zones.find((z) => hour(z) >= 9 && hour(z) < 15)!;
}

/** The newest toast's text, once one shows. */
async function toast(page: Page, text: string | RegExp) {
  await page.getByTestId('toast').filter({ hasText: text }).last().waitFor();
}

/** Closes the toasts on screen, so the next one looked for is the answer to the next action. */
async function closeToasts(page: Page) {
  const toasts = page.getByTestId('toast');
  while (await toasts.count()) {
    await toasts.first().getByRole('button').click();
    await page.waitForTimeout(50);
  }
}

/** The calendar's week view moved on until the slot's local date is a column. */
async function showDate(page: Page, date: string) {
  for (let i = 0; i < 6 && !(await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).count()); i++) await page.locator('.fc-next-button').click();
  await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).waitFor();
}

/** The week grid (dialog or availability view) moved on until it shows the date. */
async function showWeek(page: Page, date: string) {
  await page.getByTestId('week-grid').waitFor();
  for (let i = 0; i < 3 && !(await page.getByTestId(`day-${date}`).count()); i++) {
    await page.getByTestId('week-next').click();
    await page
      .getByTestId(`day-${date}`)
      .waitFor({ timeout: 3_000 })
      .catch(() => undefined);
  }
  await page.getByTestId(`day-${date}`).waitFor();
}

/** The middle of a time cell of the week view: where a click or a drop lands on that local time. */
async function cellPoint(page: Page, date: string, time: string) {
  const lane = page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane.scrollIntoViewIfNeeded();
  const row = (await lane.boundingBox())!;
  const col = (await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox())!;
  return { x: col.x + col.width * 0.4, y: row.y + row.height / 2 };
}

async function clickCell(page: Page, date: string, time: string) {
  const p = await cellPoint(page, date, time);
  await page.mouse.click(p.x, p.y);
}

/** Drags an event by the mouse onto another time, in steps FullCalendar's drag follows. */
async function dragEvent(page: Page, text: string, date: string, time: string) {
  const event = page.locator('.fc-timegrid-event').filter({ hasText: text });
  await event.scrollIntoViewIfNeeded();
  // The target first: bringing its row into view may scroll the page, and the event is measured after.
  const to = await cellPoint(page, date, time);
  const from = (await event.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x, to.y + 2, { steps: 15 });
  await page.mouse.up();
}

describe('the bookings calendar', () => {
  it('books a free slot from the calendar, refuses a full one, moves a booking by dragging and reads right-to-left in Arabic', async () => {
    const { email, session } = await approvedOwner('Cabinet Dentaire Carthage');
    const token = session.token;
    await apiCall('/business/workingdays/update', 'POST', { working_days: EVERY_DAY }, token);
    const service = await apiCall('/business/service/create', 'PUT', { name: 'Détartrage', price: 40, duration: 30 }, token);
    const department = await apiCall(
      '/business/department/create',
      'PUT',
      {
        name: 'Dentaire',
        service_ids: [service.id],
        slot_duration: 30,
        max_bookings_per_slot: 1,
        primary_color: '#8e24aa',
        text_color: '#ffffff',
      },
      token,
    );

    // Three free slots of one day, as the availability call offers them.
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    const week = (await apiCall(`/business/booking/available/?dep=${department.id}&from=${today}&to=${inTwoWeeks}`, 'GET', undefined, token)) as Availability;
    const day = week.days.find((d) => d.slots.length >= 3)!;
    expect(day).toBeDefined();
    const [s1, s2, s3] = day.slots;

    const { page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);
    await page.getByTestId('nav-bookings').click();
    await page.waitForURL('**/bookings');
    await page.locator('.fc-timegrid').waitFor();
    await showDate(page, day.date);
    // A reload would lose this mark: it proves the bookings made elsewhere arrived live.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // A click on a free time opens the dialog at that time; a new customer is made in it.
    await clickCell(page, day.date, s1.time);
    const dialog = page.getByTestId('booking-dialog');
    await dialog.waitFor();
    await page.getByTestId(`slot-${day.date}-${s1.time}`).waitFor();
    await page.getByTestId('customer-new').click();
    await page.getByTestId('customer-first-name').fill('Amira');
    await page.getByTestId('customer-create').click();
    // The search field holds the customer once made (the first-name field holding the same text is gone).
    await page.getByTestId('customer-search').locator('input[value*="Amira"]').waitFor();
    await page.getByTestId('booking-save').click();
    await toast(page, 'The booking has been made');
    const amira = page.locator('.fc-timegrid-event').filter({ hasText: 'Amira' });
    await amira.waitFor();
    expect(await amira.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(142, 36, 170)');

    // The full slot is no longer offered.
    await page.getByTestId('new-booking').click();
    await dialog.waitFor();
    await showWeek(page, day.date);
    await page.getByTestId(`slot-${day.date}-${s2.time}`).waitFor();
    expect(await page.getByTestId(`slot-${day.date}-${s1.time}`).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The dialog holds a slot another desk books meanwhile: the save is refused with the catalogue's text.
    await clickCell(page, day.date, s2.time);
    await page.getByTestId(`slot-${day.date}-${s2.time}`).waitFor();
    const other = (await apiCall(
      '/business/booking/create',
      'PUT',
      { department_id: department.id, service_ids: [service.id], starts_at: s2.starts_at },
      token,
    )) as Booking;
    await page.getByTestId('booking-save').click();
    await toast(page, 'No available slots on this date');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The other desk's booking reached the calendar without a reload.
    await page.locator(`.fc-timegrid-event`).nth(1).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Dropped on the full slot, the booking goes back and says why; on a free one, it moves.
    await closeToasts(page);
    await dragEvent(page, 'Amira', day.date, s2.time);
    await toast(page, 'No available slots on this date');
    const mine = ((await apiCall('/business/booking/range?pagination=off', 'POST', { from: day.date, to: day.date }, token)) as { data: Booking[] }).data.find(
      (b) => b.id !== other.id,
    )!;
    expect(mine.customer_name).toContain('Amira');
    expect(Date.parse(mine.starts_at)).toBe(Date.parse(s1.starts_at));
    await closeToasts(page);
    await dragEvent(page, 'Amira', day.date, s3.time);
    await toast(page, 'The booking has been moved');
    const moved = (await apiCall(`/business/booking/${mine.id}`, 'GET', undefined, token)) as Booking;
    expect(Date.parse(moved.starts_at)).toBe(Date.parse(s3.starts_at));
    await page.screenshot({ path: '/tmp/tabour-bookings-en.png', fullPage: true });
    // The app bar's user menu (shared by every screen) is left to its own check.
    expect((await axeViolations(page)).filter((v) => !v.nodes.every((n) => n.includes('RaUserMenu')))).toEqual([]);

    // The availability view shows the same day with two slots fewer.
    await page.goto('/bookings/availability');
    await showWeek(page, day.date);
    await page.getByTestId(`slot-${day.date}-${s1.time}`).waitFor();
    expect(await page.getByTestId(`slot-${day.date}-${s2.time}`).count()).toBe(0);
    expect(await page.getByTestId(`slot-${day.date}-${s3.time}`).count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    await page.screenshot({ path: '/tmp/tabour-bookings-availability.png', fullPage: true });
    expect((await axeViolations(page)).filter((v) => !v.nodes.every((n) => n.includes('RaUserMenu')))).toEqual([]);

    // Arabic: the calendar reads right-to-left, in Arabic.
    await page.goto('/bookings');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.locator('.fc.fc-direction-rtl').waitFor();
    await showDate(page, day.date);
    await page.locator('.fc-timegrid-event').filter({ hasText: 'Amira' }).waitFor();
    await expect(page.locator('.fc-today-button').textContent()).resolves.toBe('اليوم');
    await expect(page.locator('h1').textContent()).resolves.toBe('الحجوزات');
    await page.screenshot({ path: '/tmp/tabour-bookings-ar.png', fullPage: true });
    expect(errors).toEqual([]);
  }, 180_000);

  it('takes a payment on a booking and checks it in: its ticket waits in the queue of its department', async () => {
    const { email, session } = await approvedOwner('Clinique Ibn Sina');
    const token = session.token;
    // Open all day in a zone where it is midday: a ticket is of today, so the booking must be of
    // today whatever the hour of the run.
    await apiCall('/business/update', 'POST', { time_zone: zoneAtMidday() }, token);
    await apiCall('/business/workingdays/update', 'POST', { working_days: EVERY_DAY.map((d) => ({ ...d, ranges: [{ from: '00:00', to: '23:59' }] })) }, token);
    const service = await apiCall('/business/service/create', 'PUT', { name: 'Consultation', price: 40, duration: 15 }, token);
    const department = await apiCall(
      '/business/department/create',
      'PUT',
      { name: 'Médecine générale', service_ids: [service.id], slot_duration: 15, max_bookings_per_slot: 1 },
      token,
    );
    const queue = await apiCall(
      '/business/queue/create',
      'PUT',
      { name: 'Accueil', ticket_prefix: 'M', counters: [{ name: 'Desk 1' }], department_ids: [department.id] },
      token,
    );
    const today = (await apiCall(`/business/booking/available/?dep=${department.id}`, 'GET', undefined, token)) as Availability;
    const slot = today.days[0].slots[0];
    expect(slot).toBeDefined();
    const customer = await apiCall('/business/customer/create', 'PUT', { first_name: 'Youssef', last_name: 'Mansour' }, token);
    await apiCall(
      '/business/booking/create',
      'PUT',
      { department_id: department.id, service_ids: [service.id], customer_id: customer.id, starts_at: slot.starts_at },
      token,
    );

    const { page } = await newPage(browser, server.url);
    await loginThroughForm(page, email, PASSWORD);
    await page.goto('/bookings');
    await page.locator('.fc-timegrid-event').filter({ hasText: 'Youssef' }).click();
    await page.getByTestId('booking-dialog').waitFor();
    await page.getByTestId('payment-amount').fill('15');
    await page.getByTestId('payment-add').click();
    await page.getByTestId('payments-summary').filter({ hasText: 'Rest to pay: 25.00' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-bookings-dialog.png' });
    await page.getByTestId('booking-checkin').click();
    await toast(page, /Checked in: ticket M\S*/);
    const label = (await page.getByTestId('toast').last().textContent())!.match(/ticket (M\S*)/)![1];
    await page.goto(`/queues/${queue.id}/waitinglist`);
    await page.getByTestId(`waiting-${label}`).filter({ hasText: 'Youssef' }).waitFor();
  }, 120_000);

  it('loads the calendar only with the bookings screens, not on the login page', async () => {
    const { page } = await newPage(browser, server.url);
    const scripts: string[] = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    const sources = await Promise.all(scripts.map(async (u) => (await fetch(u)).text()));
    expect(sources.some((s) => s.includes('fc-timegrid'))).toBe(false);
  });
});
