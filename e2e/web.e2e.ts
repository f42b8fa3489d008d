import { loginThroughForm, newPage } from './support/browser';
import { PASSWORD, uniqueEmail as email } from './support/api';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

describe('the web app', () => {
  it('registers, is approved, logs in, creates a department and a service and lists them', async () => {
    const { context, page } = await newPage(browser, server.url);
    const owner = email('clinic');
    await page.goto('/register');
    await page.locator('input[name="business_name"]').fill('Clinique du Lac');
    await page.locator('input[name="first_name"]').fill('Amira');
    await page.locator('input[name="last_name"]').fill('Ben Salah');
    await page.locator('input[name="email"]').fill(owner);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.locator('input[name="terms"]').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/login?fromRegister=1');
    await expect(page.getByTestId('from-register').textContent()).resolves.toContain('Once it is approved you can log in');

    await server.approve(owner);
    await loginThroughForm(page, owner, PASSWORD);
    await page.getByTestId('onboarding').waitFor();
    await page.screenshot({ path: '/tmp/tabour-dashboard.png' });

    // Through the menu and the empty list's invitation, as a new business finds them.
    await page.getByTestId('nav-settings-departments').click();
    await page.getByTestId('empty').getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/settings/departments/create');
    await page.locator('input[name="name"]').fill('Cardiology');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/departments');
    await page.getByText('Cardiology').waitFor();

    await page.getByTestId('nav-settings-services').click();
    await page.getByTestId('empty').getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/settings/services/create');
    await page.locator('input[name="name"]').fill('Consultation');
    await page.locator('input[name="price"]').fill('40');
    await page.locator('input[name="duration"]').fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/settings/services');
    await page.getByText('Consultation').waitFor();

    await page.goto('/settings/departments');
    await page.getByText('Cardiology').waitFor();
    await page.screenshot({ path: '/tmp/tabour-departments.png' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tabour.session'))) ?? '{}').user.email).toBe(owner);
    await context.close();
  }, 120_000);

  it('refuses the team screen to an agent (EMPLOYEE) with the error page', async () => {
    const { session } = await approvedOwner('Agence Centrale');
    const agentEmail = email('agent');
    const member = await apiCall(
      '/business/team/create',
      'POST',
      { first_name: 'Sami', last_name: 'Agent', email: agentEmail, position: 'Employee' },
      session.token,
    );
    await server.setPassword(session.business.id, member.id, PASSWORD);
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, agentEmail, PASSWORD);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tabour.session'))) ?? '{}').user.role).toBe('EMPLOYEE');
    await expect(page.getByTestId('nav-settings-team').count()).resolves.toBe(0);
    await page.goto('/settings/team');
    await page.getByTestId('access-denied').waitFor();
    await expect(page.getByTestId('access-denied').textContent()).resolves.toContain('Your role does not allow you to open this page');
    await page.goto('/settings/business');
    await page.getByTestId('access-denied').waitFor();
    await context.close();
  }, 60_000);

  it('renders Arabic right-to-left, chosen on the login page and remembered', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('ltr');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ar');
    await expect(page.getByTestId('login-submit').textContent()).resolves.toBe('تسجيل الدخول');
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    // MUI laid out right-to-left: the card's text starts on the right.
    await expect(page.locator('h1').evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    await page.screenshot({ path: '/tmp/tabour-login-ar.png' });

    // Logged in, the menu speaks Arabic and sits on the right of the page.
    const { email: owner } = await approvedOwner('عيادة النور');
    await loginThroughForm(page, owner, PASSWORD);
    const departments = page.getByTestId('nav-settings-departments');
    await expect(departments.textContent()).resolves.toBe('الأقسام');
    const box = (await departments.boundingBox())!;
    expect(box.x).toBeGreaterThan(640);
    await page.screenshot({ path: '/tmp/tabour-dashboard-ar.png' });
    await context.close();
  }, 60_000);

  it('clears the session on a 401 and goes back to /login', async () => {
    const { email: owner } = await approvedOwner('Poste Nord');
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, owner, PASSWORD);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('tabour.session'))) ?? '{}').token;
    await apiCall('/business/account/logout', 'POST', {}, token);
    await page.goto('/settings/departments');
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('tabour.session'))).resolves.toBeNull();
    await context.close();
  }, 60_000);

  it('guards routes: logged out → /login, logged in on /login → /dashboard, unknown → /error404', async () => {
    const { email: owner } = await approvedOwner('Banque Sud');
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/settings/services');
    await page.waitForURL('**/login');
    await page.goto('/');
    await page.waitForURL('**/login');
    await loginThroughForm(page, owner, PASSWORD);
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/no/such/page');
    await page.waitForURL('**/error404');
    await page.getByTestId('not-found').waitFor();
    await context.close();
  }, 60_000);
});
