import type { Page } from 'playwright-core';
import { screenFindings, sideways, signedInPage, toArabic } from './support/screen';
import { apiCall, approvedOwner, useE2e } from './support/suite';

useE2e();

/** Opens the resources from the menu, creates one by clicking through the form, and finds it in the list. */
async function createRoom(page: Page, labels: { menu: string; name: string; capacity: string; departments: string }, room: string, department: string) {
  await page.getByRole('menuitem', { name: labels.menu }).click();
  await page.waitForURL(/\/settings\/resources$/);
  await page.locator('a[href$="/settings/resources/create"]').first().click();
  // The list's sort button is also named after the name column: the form is read once it shows.
  await page.waitForURL(/\/settings\/resources\/create$/);
  await page.locator('form input[name="name"]').waitFor();
  await page.getByRole('textbox', { name: labels.name }).fill(room);
  await page.getByLabel(labels.capacity).fill('2');
  await page.getByLabel(labels.departments).click();
  await page.getByRole('option', { name: department }).click();
  await page.keyboard.press('Escape');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/settings\/resources$/);
  await page.getByRole('cell', { name: room }).waitFor();
  // The departments column reads its names after the rows: the screen is judged once it has.
  await page.locator('.MuiLinearProgress-root').waitFor({ state: 'detached' });
}

describe('rooms and equipment', () => {
  it('creates a room by clicking and lists it, in English and in Arabic (right to left)', async () => {
    const { email, session } = await approvedOwner('Clinique Resources');
    await apiCall('/business/department/create', 'PUT', { name: 'Dental' }, session.token);
    const { context, page, errors } = await signedInPage(email);
    await page.goto('/dashboard');

    await createRoom(page, { menu: 'Rooms and equipment', name: 'Name', capacity: 'Bookings at once', departments: 'Departments' }, 'Room 1', 'Dental');
    const row = page.getByRole('row').filter({ hasText: 'Room 1' });
    await row.getByText('Room', { exact: true }).waitFor();
    await expect(row.textContent()).resolves.toContain('2');
    await expect(screenFindings(page)).resolves.toEqual([]);
    await page.screenshot({ path: '/tmp/tabour-resources-en.png' });

    await toArabic(page);
    await createRoom(page, { menu: 'الغرف والمعدات', name: 'الاسم', capacity: 'الحجوزات في آن واحد', departments: 'الأقسام' }, 'غرفة الأشعة', 'Dental');
    await page.getByRole('row').filter({ hasText: 'غرفة الأشعة' }).getByText('غرفة', { exact: true }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await expect(sideways(page)).resolves.toBe(0);
    await expect(screenFindings(page)).resolves.toEqual([]);
    await page.screenshot({ path: '/tmp/tabour-resources-ar.png' });

    const listed = (await apiCall('/business/resource?pagination=off', 'GET', undefined, session.token)) as { data: { name: string; capacity: number }[] };
    expect(listed.data.map((r) => [r.name, r.capacity])).toEqual([
      ['Room 1', 2],
      ['غرفة الأشعة', 2],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
