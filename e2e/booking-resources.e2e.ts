import type { Locator, Page } from 'playwright-core';
import type { Availability, Booking } from '@tabour/contracts';
import { signedInPage, toArabic } from './support/screen';
import { apiCall, approvedOwner, useE2e } from './support/suite';

useE2e();

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  open: true,
  ranges: [{ from: '08:00', to: '20:00' }],
}));

/** The newest toast's text, once one shows. */
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).last().waitFor();

/** The calendar's week view moved on until the slot's local date is a column. */
async function showDate(page: Page, date: string) {
  for (let i = 0; i < 6 && !(await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).count()); i++) await page.locator('.fc-next-button').click();
  await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).waitFor();
}

/** The dialog's week grid moved on to the date, and its free slot picked. */
async function pickSlot(page: Page, date: string, time: string) {
  await page.getByTestId('week-grid').waitFor();
  for (let i = 0; i < 3 && !(await page.getByTestId(`day-${date}`).count()); i++) {
    await page.getByTestId('week-next').click();
    await page
      .getByTestId(`day-${date}`)
      .waitFor({ timeout: 3_000 })
      .catch(() => undefined);
  }
  await page.getByTestId(`slot-${date}-${time}`).click();
}

/** Ticks exactly `names` in the dialog's rooms-and-equipment choice. */
async function chooseResources(page: Page, dialog: Locator, label: string, names: string[], offered: string[]) {
  await dialog.getByRole('combobox', { name: label }).click();
  for (const name of offered) {
    const option = page.getByRole('option', { name, exact: true });
    if (((await option.getAttribute('aria-selected')) === 'true') !== names.includes(name)) await option.click();
  }
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('rooms and equipment in the booking dialog', () => {
  it('books a room by clicking, shows it, changes it, and refuses a booking overfilling it, in English and in Arabic', async () => {
    const { email, session } = await approvedOwner('Clinique Salles');
    const token = session.token;
    await apiCall('/business/workingdays/update', 'POST', { working_days: EVERY_DAY }, token);
    // Many bookings per slot: only the resources hold them back here.
    const department = await apiCall('/business/department/create', 'PUT', { name: 'Radiology', slot_duration: 30, max_bookings_per_slot: 5 }, token);
    const elsewhere = await apiCall('/business/department/create', 'PUT', { name: 'Dental' }, token);
    const room = await apiCall('/business/resource/create', 'PUT', { name: 'Room 1', capacity: 1, department_ids: [department.id] }, token);
    const scanner = await apiCall('/business/resource/create', 'PUT', { name: 'Scanner', kind: 'equipment', capacity: 1 }, token);
    // Neither offered: another department's room, and an inactive one.
    await apiCall('/business/resource/create', 'PUT', { name: 'Dental chair', department_ids: [elsewhere.id] }, token);
    await apiCall('/business/resource/create', 'PUT', { name: 'Old room', active: false }, token);

    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    const week = (await apiCall(`/business/booking/available/?dep=${department.id}&from=${today}&to=${inTwoWeeks}`, 'GET', undefined, token)) as Availability;
    const day = week.days.find((d) => d.slots.length >= 2)!;
    expect(day).toBeDefined();
    const [slot] = day.slots;
    const booked = async () =>
      ((await apiCall('/business/booking/range?pagination=off', 'POST', { from: day.date, to: day.date }, token)) as { data: Booking[] }).data;

    const { context, page, errors } = await signedInPage(email);
    await page.goto('/bookings');
    await page.locator('.fc-timegrid').waitFor();
    const dialog = page.getByTestId('booking-dialog');

    // A new booking offers the department's active rooms and equipment only; Room 1 is picked.
    await page.getByTestId('new-booking').click();
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Radiology' }).click();
    await pickSlot(page, day.date, slot.time);
    await dialog.getByRole('combobox', { name: 'Rooms and equipment' }).click();
    await expect(page.getByRole('option').allTextContents()).resolves.toEqual(['Room 1', 'Scanner']);
    await page.keyboard.press('Escape');
    await chooseResources(page, dialog, 'Rooms and equipment', ['Room 1'], ['Room 1', 'Scanner']);
    await page.getByTestId('booking-save').click();
    await toast(page, 'The booking has been made');
    const [made] = await booked();
    expect(made.resource_ids).toEqual([room.id]);

    // Opened again, the booking shows its room; changed to the scanner, it holds the scanner only.
    await showDate(page, day.date);
    await page.locator('.fc-timegrid-event').first().click();
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Rooms and equipment' }).filter({ hasText: 'Room 1' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-booking-resources-en.png' });
    await chooseResources(page, dialog, 'Rooms and equipment', ['Scanner'], ['Room 1', 'Scanner']);
    await page.getByTestId('booking-save').click();
    await toast(page, 'The booking has been saved');
    expect(((await apiCall(`/business/booking/${made.id}`, 'GET', undefined, token)) as Booking).resource_ids).toEqual([scanner.id]);

    // A second booking of the scanner at the same time is refused, in the catalogue's words.
    await page.getByTestId('new-booking').click();
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Radiology' }).click();
    await pickSlot(page, day.date, slot.time);
    await chooseResources(page, dialog, 'Rooms and equipment', ['Scanner'], ['Room 1', 'Scanner']);
    await page.getByTestId('booking-save').click();
    await toast(page, 'This resource already holds as many bookings as it can at that time');
    await page.screenshot({ path: '/tmp/tabour-booking-resources-full-en.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await booked()).toHaveLength(1);

    // The activity log names the room the booking was made with, and the scanner it was given.
    await page.goto('/activity');
    await page.locator('[data-testid="activity-row"][data-type="BookingCreated"]').filter({ hasText: '(rooms and equipment: Room 1)' }).waitFor();
    await page.locator('[data-testid="activity-row"][data-type="BookingUpdated"]').filter({ hasText: '(rooms and equipment: Scanner)' }).waitFor();
    await page.screenshot({ path: '/tmp/tabour-booking-resources-activity-en.png' });
    await page.goto('/bookings');
    await page.locator('.fc-timegrid').waitFor();

    // Arabic: the booking names its equipment, a change back to the room is saved, and the scanner overfilled is refused in Arabic.
    await toArabic(page);
    await showDate(page, day.date);
    await page.locator('.fc-timegrid-event').first().click();
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'الغرف والمعدات' }).filter({ hasText: 'Scanner' }).waitFor();
    await chooseResources(page, dialog, 'الغرف والمعدات', ['Room 1', 'Scanner'], ['Room 1', 'Scanner']);
    await page.getByTestId('booking-save').click();
    await toast(page, 'تم حفظ الحجز');
    expect(((await apiCall(`/business/booking/${made.id}`, 'GET', undefined, token)) as Booking).resource_ids).toEqual([room.id, scanner.id].sort());

    await page.getByTestId('new-booking').click();
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'القسم' }).click();
    await page.getByRole('option', { name: 'Radiology' }).click();
    await pickSlot(page, day.date, slot.time);
    await chooseResources(page, dialog, 'الغرف والمعدات', ['Room 1'], ['Room 1', 'Scanner']);
    await page.getByTestId('booking-save').click();
    await toast(page, 'هذا المورد محجوز بالكامل في هذا الوقت');
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await page.screenshot({ path: '/tmp/tabour-booking-resources-full-ar.png' });
    expect(await booked()).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
