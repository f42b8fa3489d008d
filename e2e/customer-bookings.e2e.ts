import { DateTime } from 'luxon';
import { axeViolations } from './support/axe';
import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

const ZONE = 'Europe/Paris';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe('the customer page’s booking tabs', () => {
  it('shows the next booking, the next bookings and the booking archive, in English and in Arabic', async () => {
    const { email, session } = await approvedOwner('Clinique Nour');
    const call = (path: string, method: string, body?: unknown) => apiCall(path, method, body, session.token);
    await call('/business/update', 'POST', { time_zone: ZONE });
    await call('/business/bookingdays/update', 'POST', { working_days: DAYS.map((day) => ({ day, open: true, ranges: [{ from: '08:00', to: '18:00' }] })) });
    const dep = (await call('/business/department/create', 'PUT', { name: 'Dentistry', slot_duration: 30, max_bookings_per_slot: 2 })) as { id: string };
    const customer = (await call('/business/customer/create', 'PUT', { first_name: 'Amal', last_name: 'Saidi', phone: '+216 20 555 111' })) as { id: string };
    const at = (days: number, time: string) => DateTime.fromISO(`${DateTime.now().setZone(ZONE).plus({ days }).toISODate()}T${time}`, { zone: ZONE }).toISO();
    await call('/business/booking/create', 'PUT', { department_id: dep.id, customer_id: customer.id, starts_at: at(2, '09:00') });
    await call('/business/booking/create', 'PUT', { department_id: dep.id, customer_id: customer.id, starts_at: at(3, '10:30') });
    const dropped = (await call('/business/booking/create', 'PUT', { department_id: dep.id, customer_id: customer.id, starts_at: at(4, '11:00') })) as {
      id: string;
    };
    await call(`/business/booking/${dropped.id}/cancel`, 'POST', { reason: 'Travelling' });

    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, email, PASSWORD);
    await page.goto(`/customers/${customer.id}/show`);

    await page.getByRole('tab', { name: 'Booking', exact: true }).click();
    await page.getByTestId('customer-bookings-next').waitFor();
    await expect(page.getByTestId('customer-booking').count()).resolves.toBe(1);
    await page.getByTestId('customer-bookings-next').getByText('Dentistry').waitFor();

    await page.getByRole('tab', { name: 'Next bookings' }).click();
    await page.getByTestId('customer-booking').nth(1).waitFor();
    await expect(page.getByTestId('customer-booking').count()).resolves.toBe(2);
    await expect(page.getByTestId('customer-bookings-next').getByText('Confirmed').count()).resolves.toBe(2);

    await page.getByRole('tab', { name: 'Booking archive' }).click();
    await page.getByTestId('customer-bookings-past').getByText('Cancelled').waitFor();
    await expect(page.getByTestId('customer-booking').count()).resolves.toBe(1);
    await page.screenshot({ path: '/tmp/tabour-customer-bookings.png' });
    // The user menu's label and the amber "Mark VIP" action are the page's own, outside the tabs (known, see the bookings e2e).
    await page.waitForLoadState('networkidle');
    const known = (n: string) => n.includes('RaUserMenu') || n.includes('MuiButton-textWarning');
    expect((await axeViolations(page)).filter((v) => !v.nodes.every(known))).toEqual([]);

    // Arabic: the same archive, right to left, in its own words.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('customer-bookings-past').getByText('ملغى').waitFor();
    await page.getByTestId('customer-bookings-past').getByText('Dentistry').waitFor();
    await page.screenshot({ path: '/tmp/tabour-customer-bookings-ar.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
