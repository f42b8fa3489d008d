import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD, uniqueEmail as email } from './support/api';
import { axeViolations } from './support/axe';
import { loginThroughForm, newPage } from './support/browser';
import { apiCall, approvedOwner, browser, server, Session, useE2e } from './support/suite';

useE2e();

interface Device {
  id: string;
  key: string;
  secret: string;
  autologin_token: string;
}

/** A page that records what the screen says instead of saying it, and every cancellation. */
async function withSpeechRecorded(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __spoken: string[]; __cancelled: number };
    w.__spoken = [];
    w.__cancelled = 0;
    const synth = {
      speak(u: SpeechSynthesisUtterance) {
        w.__spoken.push(u.text);
        setTimeout(() => u.onend?.(new Event('end') as SpeechSynthesisEvent), 30);
      },
      cancel() {
        w.__cancelled += 1;
      },
      resume() {},
      getVoices: () => [],
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  });
}

/** The printer is the test's: each print is counted, none opens a dialog. */
async function withPrintCounted(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => {
      w.__printed += 1;
    };
  });
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByTestId('toast').filter({ hasText: text }).last().waitFor();
}

async function deviceLogin(page: Page, path: string, device: Pick<Device, 'key' | 'secret'>) {
  await page.goto(path);
  await page.getByTestId('device-key').fill(device.key);
  await page.getByTestId('device-secret').fill(device.secret);
  await page.getByTestId('device-login-submit').click();
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

describe('kiosks, displays and the customer’s ticket', () => {
  it('takes a ticket at the kiosk, shows it live to the agent, calls it on the display and the ticket link, and collects the feedback', async () => {
    const { email: ownerEmail, session } = await approvedOwner('Clinique du Lac');
    const token = session.token;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, token);
    const agentEmail = email('agent');
    const agent = await apiCall('/business/team/create', 'POST', { first_name: 'Sami', last_name: 'Agent', email: agentEmail, position: 'Employee' }, token);
    await server.setPassword(session.business.id, agent.id, PASSWORD);
    const kiosk = (await apiCall(
      '/business/kiosk/create',
      'POST',
      { name: 'Entrance', queue_ids: [queue.id], auto_print_ms: 300, auto_navigate_ms: 0, print_timeout_ms: 0 },
      token,
    )) as Device;
    const display = (await apiCall(
      '/business/display/create',
      'POST',
      { name: 'Hall', queue_ids: [queue.id], language: 'en', ads: ['Welcome to the clinic'], history_size: 5 },
      token,
    )) as Device;

    const k = await newPage(browser, server.url);
    const a = await newPage(browser, server.url);
    const d = await newPage(browser, server.url);
    const errors: string[] = [];
    for (const [name, p] of [
      ['kiosk', k.page],
      ['agent', a.page],
      ['display', d.page],
    ] as const)
      p.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    await withPrintCounted(k.context);
    await withSpeechRecorded(d.context);

    // The kiosk refuses a wrong secret with the server's words, then logs in.
    await deviceLogin(k.page, '/kiosk/login', { key: kiosk.key, secret: 'not-the-secret' });
    await k.page.getByTestId('device-login-error').filter({ hasText: 'Key and Secret do not match our records' }).waitFor();
    await deviceLogin(k.page, '/kiosk/login', kiosk);
    await k.page.waitForURL('**/kiosk/checkin');
    await expect(k.page.evaluate(() => [!!localStorage.getItem('tabour.kiosk'), !!localStorage.getItem('tabour.session')])).resolves.toEqual([true, false]);

    // The agent's waiting list and the display board, both live before the ticket exists.
    await loginThroughForm(a.page, agentEmail, PASSWORD);
    await a.page.goto(`/queues/${queue.id}/waitinglist`);
    await a.page.locator('[data-testid="live-state"][data-state="live"]').waitFor();
    await deviceLogin(d.page, '/display/login', display);
    await d.page.waitForURL(/\/display$/);
    await d.page.locator('[data-testid="board"][data-live="live"]').waitFor();
    await d.page.getByTestId('board-empty').waitFor();
    await d.page.getByTestId('board-ads').filter({ hasText: 'Welcome to the clinic' }).waitFor();
    for (const p of [a.page, d.page]) await p.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // Check-in: language, phone typed on the on-screen keypad, registration, queue, ticket.
    await k.page.getByTestId('kiosk-language-en').click();
    for (const digit of '20555666') await k.page.getByTestId(`key-${digit}`).click();
    await expect(k.page.getByTestId('kiosk-phone').inputValue()).resolves.toBe('20555666');
    await k.page.getByTestId('kiosk-search').click();
    await k.page.getByTestId('kiosk-first_name').fill('Nour');
    await k.page.getByTestId('kiosk-register').click();
    await k.page.getByTestId('kiosk-welcome').filter({ hasText: 'Welcome, Nour!' }).waitFor();
    await k.page.getByTestId('kiosk-queue-Accueil').click();
    const ticket = k.page.getByTestId('kiosk-ticket');
    await ticket.waitFor();
    await expect(ticket.getAttribute('data-label')).resolves.toBe('A1');
    await ticket.locator('svg[role="img"]').waitFor();
    const uid = (await ticket.getAttribute('data-uid'))!;
    expect(uid).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    await k.page.waitForFunction(() => (window as unknown as { __printed: number }).__printed >= 1);
    await k.page.screenshot({ path: '/tmp/tabour-kiosk-ticket.png' });
    // On paper: only the ticket, 80 mm wide.
    await k.page.emulateMedia({ media: 'print' });
    const paper = await k.page.evaluate(() => {
      const receipt = document.getElementById('kiosk-receipt')!;
      const header = document.querySelector('header')!;
      return {
        width: Math.round(receipt.getBoundingClientRect().width),
        receipt: getComputedStyle(receipt).visibility,
        header: getComputedStyle(header).visibility,
      };
    });
    expect(paper).toEqual({ width: Math.round((80 / 25.4) * 96), receipt: 'visible', header: 'hidden' });
    await k.page.screenshot({ path: '/tmp/tabour-kiosk-print.png' });
    await k.page.emulateMedia({ media: 'screen' });

    // The agent sees it at once.
    await a.page.getByTestId('waiting-A1').filter({ hasText: 'Nour' }).waitFor();

    // The same customer cannot join twice.
    await k.page.getByTestId('kiosk-done').click();
    await k.page.getByTestId('kiosk-language-en').click();
    await k.page.getByTestId('kiosk-phone').fill('20 555 666');
    await k.page.getByTestId('kiosk-search').click();
    await k.page.getByTestId('kiosk-queue-Accueil').click();
    await k.page.getByTestId('kiosk-error').filter({ hasText: 'Could not join the requested queue, you may already be waiting in the queue!' }).waitFor();

    // The customer's link, in a fourth tab.
    const t = await newPage(browser, server.url);
    t.page.on('pageerror', (e) => errors.push(`ticket: ${e.message}`));
    await t.page.goto(`/t/${uid}`);
    await t.page.getByTestId('ticket-label').filter({ hasText: 'A1' }).waitFor();
    await t.page.getByRole('banner').getByText('Clinique du Lac').waitFor();
    await t.page.getByTestId('ticket-ahead').filter({ hasText: 'You are next' }).waitFor();
    await t.page.locator('[data-testid="ticket-live"][data-state="live"]').waitFor();
    await t.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The agent calls it: the board shows and says it, the link says "your turn".
    await a.page.getByTestId('open-counter').click();
    await a.page.getByTestId('desk-at').filter({ hasText: 'Desk 1' }).waitFor();
    await a.page.getByTestId('call-next').click();
    await toast(a.page, 'Ticket A1 called');
    await d.page.getByTestId('board-call-A1').filter({ hasText: 'Desk 1' }).waitFor();
    await d.page.waitForFunction(() => (window as unknown as { __spoken: string[] }).__spoken.length >= 1);
    await expect(spoken(d.page)).resolves.toEqual(['Ticket A 1, please go to Desk 1']);
    await d.page.screenshot({ path: '/tmp/tabour-display-board.png' });
    await t.page.getByTestId('ticket-called').filter({ hasText: 'It’s your turn — go to Desk 1' }).waitFor();
    await t.page.screenshot({ path: '/tmp/tabour-ticket-called.png' });

    // The agent ends the visit: the link offers the feedback form right there.
    await a.page.getByTestId('menu-A1').click();
    await a.page.getByTestId('action-end').click();
    await a.page.getByTestId('dialog-submit').click();
    await toast(a.page, 'Ticket A1 ended');
    await d.page.getByTestId('board-history-A1').waitFor();
    await d.page.getByTestId('board-empty').waitFor();
    await t.page.getByTestId('ticket-ended').waitFor();
    await t.page.locator('label').filter({ hasText: '4 out of 5' }).click();
    await expect(t.page.getByRole('radio', { name: '4 out of 5' }).isChecked()).resolves.toBe(true);
    await t.page.getByTestId('feedback-text').fill('Quick and friendly');
    await t.page.getByTestId('feedback-submit').click();
    await t.page.getByTestId('feedback-thanks').waitFor();

    // /f/{uid} knows it was given; a wrong link says so plainly.
    await t.page.goto(`/f/${uid}`);
    await t.page.getByTestId('feedback-thanks').waitFor();
    await t.page.goto('/t/this-link-does-not-exist');
    await t.page.getByTestId('ticket-invalid').waitFor();
    // The heading follows the same render; waited for rather than read at once, on a busy machine.
    await t.page.locator('h1', { hasText: 'This ticket link is not valid' }).waitFor({ timeout: 10_000 });
    await expect(t.page.locator('h1').textContent()).resolves.toBe('This ticket link is not valid');

    // The owner reads it in /feedback.
    const o = await newPage(browser, server.url);
    o.page.on('pageerror', (e) => errors.push(`owner: ${e.message}`));
    await loginThroughForm(o.page, ownerEmail, PASSWORD);
    await o.page.getByTestId('nav-feedback').click();
    await o.page.waitForURL('**/feedback');
    const row = o.page.getByTestId('feedback-list').locator('tr').filter({ hasText: 'Quick and friendly' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/4 out of 5.*Quick and friendly.*Accueil.*A1.*Nour/);
    await o.page.screenshot({ path: '/tmp/tabour-feedback.png' });

    // A remote command from the back-office switches the kiosk to its second style without a reload.
    await k.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await o.page.goto(`/kiosks/${kiosk.id}`);
    await o.page.getByTestId('remote-v2').click();
    await toast(o.page, 'Command sent: Style 2');
    await o.page.screenshot({ path: '/tmp/tabour-kiosk-edit.png' });
    await k.page.locator('[data-testid="kiosk-frame"][data-style="2"]').waitFor();

    for (const p of [a.page, d.page, k.page])
      await expect(p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    await expect(d.page.evaluate(() => (window as unknown as { __cancelled: number }).__cancelled)).resolves.toBe(0);
    expect(errors).toEqual([]);
    for (const c of [k, a, d, t, o]) await c.context.close();
  }, 180_000);

  it('announces calls that arrive together one after the other, never cutting one short', async () => {
    const { session } = await approvedOwner('Centre Voix');
    const token = session.token;
    // One counter per member: a second agent holds the second counter.
    const agentEmail = email('agent');
    const agent = await apiCall('/business/team/create', 'POST', { first_name: 'Rim', last_name: 'Agent', email: agentEmail, position: 'Employee' }, token);
    await server.setPassword(session.business.id, agent.id, PASSWORD);
    const agentToken = ((await apiCall('/business/account/auth', 'POST', { email: agentEmail, password: PASSWORD, ip: '' })) as Session).token;
    const tokens = [token, agentToken];
    const queue = await apiCall(
      '/business/queue/create',
      'PUT',
      { name: 'Radiologie', ticket_prefix: 'R', counters: [{ name: 'Salle 1' }, { name: 'Salle 2' }] },
      token,
    );
    const display = (await apiCall(
      '/business/display/create',
      'POST',
      {
        name: 'Salle',
        queue_ids: [queue.id],
        language: 'fr',
        voice: { template: 'Numéro {number}, {counter}', counter_replacements: { 'Salle 2': 'salle deux' } },
      },
      token,
    )) as Device;
    for (const name of ['Amal', 'Bilel']) await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: name }, token);
    const counters = (await apiCall(`/business/queue/${queue.id}/counter`, 'GET', undefined, token)) as { data: { id: string; name: string }[] };
    const d = await newPage(browser, server.url);
    // This screen takes its time over each sentence: the second call waits for the first to end.
    await d.context.addInitScript(() => {
      const w = window as unknown as { __log: string[] };
      w.__log = [];
      const synth = {
        speak(u: SpeechSynthesisUtterance) {
          w.__log.push(`start ${u.text}`);
          setTimeout(() => {
            w.__log.push(`end ${u.text}`);
            u.onend?.(new Event('end') as SpeechSynthesisEvent);
          }, 700);
        },
        cancel() {
          w.__log.push('cancel');
        },
        resume() {},
        getVoices: () => [],
        addEventListener() {},
        removeEventListener() {},
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    });
    await deviceLogin(d.page, '/display/login', display);
    await d.page.locator('[data-testid="board"][data-live="live"]').waitFor();
    // Two counters call at once, as two agents pressing "Call next" together.
    await Promise.all(counters.data.map((c, i) => apiCall(`/business/queue/${queue.id}/counter/${c.id}/open`, 'POST', undefined, tokens[i])));
    await Promise.all(counters.data.map((c, i) => apiCall(`/business/queue/${queue.id}/call`, 'POST', { counter_id: c.id }, tokens[i])));
    await d.page.waitForFunction(() => (window as unknown as { __log: string[] }).__log.filter((l) => l.startsWith('end')).length >= 2, undefined, {
      timeout: 15_000,
    });
    const log = await d.page.evaluate(() => (window as unknown as { __log: string[] }).__log);
    const said = log.filter((l) => l.startsWith('start')).map((l) => l.slice(6));
    // Which counter got which ticket is the race's; each call is said once, with its counter's words.
    expect(said).toHaveLength(2);
    for (const text of said) expect(text).toMatch(/^Numéro R [12], (Salle 1|salle deux)$/);
    expect(said.map((x) => /R (\d)/.exec(x)![1]).sort()).toEqual(['1', '2']);
    expect(said.map((x) => x.split(', ')[1]).sort()).toEqual(['Salle 1', 'salle deux']);
    // Each sentence ends before the next begins, and none is cancelled.
    expect(log).toEqual([`start ${said[0]}`, `end ${said[0]}`, `start ${said[1]}`, `end ${said[1]}`]);
    await d.context.close();
  }, 120_000);

  it('has no serious or critical accessibility violation on the kiosk, the display board and the ticket pages', async () => {
    const { email: ownerEmail, session } = await approvedOwner('Centre Accessible');
    const token = session.token;
    // Customers may ask for a team member here: the kiosk shows that step too.
    const doctor = await apiCall(
      '/business/team/create',
      'POST',
      { first_name: 'Sami', last_name: 'Haddad', email: email('doctor'), position: 'Employee' },
      token,
    );
    const queue = await apiCall(
      '/business/queue/create',
      'PUT',
      { name: 'Accueil', ticket_prefix: 'C', counters: [{ name: 'Desk 1' }], customer_chooses_member: true, member_ids: [doctor.id] },
      token,
    );
    const kiosk = (await apiCall(
      '/business/kiosk/create',
      'POST',
      { name: 'Entrance', queue_ids: [queue.id], print_ticket: false, auto_navigate_ms: 0 },
      token,
    )) as Device;
    const display = (await apiCall('/business/display/create', 'POST', { name: 'Hall', queue_ids: [queue.id], ads: ['Welcome'] }, token)) as Device;
    const done = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Amal' }, token);
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Bilel' }, token);
    const waiting = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Chady' }, token);
    const counter = ((await apiCall(`/business/queue/${queue.id}/counter`, 'GET', undefined, token)) as { data: { id: string }[] }).data[0];
    await apiCall(`/business/queue/${queue.id}/counter/${counter.id}/open`, 'POST', undefined, token);
    // C1 is served and leaves (feedback opens), C2 is at the counter, C3 waits.
    await apiCall(`/business/queue/${queue.id}/call`, 'POST', { counter_id: counter.id }, token);
    await apiCall(`/business/queue/${queue.id}/end/${done.id}`, 'POST', undefined, token);
    await apiCall(`/business/queue/${queue.id}/call`, 'POST', { counter_id: counter.id }, token);

    const report: Record<string, unknown> = {};
    const check = async (page: Page, name: string) => {
      report[name] = await axeViolations(page);
    };
    for (const lang of ['en-US', 'ar']) {
      const { context, page } = await newPage(browser, server.url, lang);
      await withSpeechRecorded(context);
      await page.goto('/kiosk/login');
      await page.getByTestId('device-key').waitFor();
      await check(page, `${lang} /kiosk/login`);
      await deviceLogin(page, '/kiosk/login', kiosk);
      await page.getByTestId('kiosk-language-en').waitFor();
      await check(page, `${lang} /kiosk/checkin language`);
      await page.getByTestId(lang === 'ar' ? 'kiosk-language-ar' : 'kiosk-language-en').click();
      await page.getByTestId('kiosk-phone').waitFor();
      await check(page, `${lang} /kiosk/checkin phone`);
      await page.screenshot({ path: `/tmp/tabour-kiosk-phone-${lang}.png` });
      await page.getByTestId('kiosk-guest').click();
      await page.getByTestId('kiosk-queue-Accueil').click();
      await page.getByTestId('kiosk-member-Sami H.').waitFor();
      await check(page, `${lang} /kiosk/checkin member`);
      await page.screenshot({ path: `/tmp/tabour-kiosk-member-${lang}.png` });
      // In English the customer asks for Sami; in Arabic, for whoever is free first.
      await page.getByTestId(lang === 'ar' ? 'kiosk-member-anyone' : 'kiosk-member-Sami H.').click();
      await page.getByTestId('kiosk-ticket').waitFor();
      await check(page, `${lang} /kiosk/checkin ticket`);
      if (lang === 'ar') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
      await deviceLogin(page, '/display/login', display);
      await page.locator('[data-testid="board"]').waitFor();
      await page.getByTestId('board-call-C2').waitFor();
      await check(page, `${lang} /display`);
      await page.goto(`/t/${waiting.uid}`);
      await page.getByTestId('ticket-label').waitFor();
      if (lang === 'ar') {
        // The screen switched to its own language (English); the visitor picks Arabic again.
        await page.getByTestId('language-menu').click();
        await page.getByTestId('language-ar').click();
        await page.locator('html[dir="rtl"]').waitFor();
        await page.getByText('تذكرتك').first().waitFor();
      }
      await check(page, `${lang} /t waiting`);
      await page.goto(`/t/${done.uid}`);
      await page.getByTestId('feedback-form').waitFor();
      await check(page, `${lang} /t ended`);
      await page.goto(`/f/${done.uid}`);
      await page.getByTestId('feedback-form').waitFor();
      await check(page, `${lang} /f`);
      await page.goto('/t/not-a-real-ticket-link');
      await page.getByTestId('ticket-invalid').waitFor();
      await check(page, `${lang} /t invalid`);
      await context.close();
    }
    // The staff's own board of the queue, in the public layout.
    const staff = await newPage(browser, server.url);
    await withSpeechRecorded(staff.context);
    await loginThroughForm(staff.page, ownerEmail, PASSWORD);
    await staff.page.goto(`/queues/${queue.id}/display`);
    await staff.page.getByTestId('board-call-C2').filter({ hasText: 'Desk 1' }).waitFor();
    await staff.page.getByTestId('board-history-C1').waitFor();
    await staff.page.locator('[data-testid="board"][data-live="live"]').waitFor();
    await check(staff.page, 'staff /queues/:id/display');
    await staff.context.close();
    expect(Object.entries(report).filter(([, v]) => (v as unknown[]).length)).toEqual([]);
    expect(Object.keys(report)).toHaveLength(21);
    // The kiosk's tickets carry the choice: C4 asked for Sami, C5 for nobody in particular.
    const list = (await apiCall(`/business/queue/${queue.id}/waitinglist`, 'GET', undefined, token)) as { data: { label: string; member_id: string | null }[] };
    expect(list.data.filter((x) => ['C4', 'C5'].includes(x.label)).map((x) => [x.label, x.member_id])).toEqual([
      ['C4', doctor.id],
      ['C5', null],
    ]);
  }, 180_000);

  it('shows the upgrade message on /kiosks and /displays to a FREE business, and manages devices on a paid one', async () => {
    const { email: ownerEmail, session } = await approvedOwner('Cabinet Gratuit');
    await server.setPackage(ownerEmail, 'FREE');
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughForm(page, ownerEmail, PASSWORD);
    for (const path of ['/kiosks', '/displays', '/kiosks/create']) {
      await page.goto(path);
      await page.getByTestId('upgrade-required').filter({ hasText: 'You must upgrade your account to get access to this functionality' }).waitFor();
    }
    await page.screenshot({ path: '/tmp/tabour-kiosks-upgrade.png' });
    // The message is the screen's; the session is still there.
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard');

    // On a paid package the same owner creates a display: its credentials show once, and they work.
    await server.setPackage(ownerEmail, 'LIBERUP', 'monthly');
    // The package is read at login: the owner logs in again to get the new one.
    await page.evaluate(() => localStorage.removeItem('tabour.session'));
    await loginThroughForm(page, ownerEmail, PASSWORD);
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Guichet', ticket_prefix: 'G', counters: [{ name: 'G1' }] }, session.token);
    await page.goto('/displays/create');
    await page.locator('input[name="name"]').fill('Écran du hall');
    await page.getByRole('combobox', { name: 'Queues' }).click();
    await page.getByRole('option', { name: 'Guichet' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await page.locator('input[name="voice.template"]').fill('Ticket {number} to {counter}');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByTestId('credentials-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('credentials-warning').filter({ hasText: 'will not be shown again' }).waitFor();
    const key = await dialog.getByTestId('credentials-key').inputValue();
    const secret = await dialog.getByTestId('credentials-secret').inputValue();
    expect(key).toMatch(/^D-[0-9A-F]{12}$/);
    await page.screenshot({ path: '/tmp/tabour-display-credentials.png' });
    await dialog.getByTestId('credentials-done').click();
    await page.waitForURL(/\/displays\/[0-9a-f-]{36}$/);
    const list = (await apiCall('/business/display?pagination=off', 'GET', undefined, session.token)) as {
      data: { id: string; name: string; queue_ids: string[]; voice: { template: string } }[];
    };
    expect(list.data).toEqual([
      expect.objectContaining({ name: 'Écran du hall', queue_ids: [queue.id], voice: expect.objectContaining({ template: 'Ticket {number} to {counter}' }) }),
    ]);
    await expect(page.locator('body').textContent()).resolves.not.toContain(secret);

    // The screen logs in with what the dialog showed; the list then says it is online.
    const screen = await newPage(browser, server.url);
    await withSpeechRecorded(screen.context);
    await deviceLogin(screen.page, '/display/login', { key, secret });
    await screen.page.locator('[data-testid="board"][data-live="live"]').waitFor();
    await page.goto('/displays');
    await page.getByTestId('display-list').locator('[data-presence="online"]').waitFor();

    // A reset shows new credentials once and logs the screen out.
    await page.getByTestId('display-list').getByText('Écran du hall').click();
    await page.getByTestId('reset-secret').click();
    await page.getByTestId('reset-confirm').click();
    const reset = page.getByTestId('credentials-dialog');
    await reset.waitFor();
    await expect(reset.getByTestId('credentials-secret').inputValue()).resolves.not.toBe(secret);
    await reset.getByTestId('credentials-done').click();
    await screen.page.waitForURL('**/display/login');
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByTestId('display-logs').getByText('Secret reset').first().waitFor();
    await page.screenshot({ path: '/tmp/tabour-display-logs.png' });
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await page.screenshot({ path: '/tmp/tabour-display-voice.png' });
    expect(errors).toEqual([]);
    await screen.context.close();
    await context.close();
  }, 180_000);
});
