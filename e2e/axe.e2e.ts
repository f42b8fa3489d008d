import type { Page } from 'playwright-core';
import { ADMIN_ROUTES, ANY_ROLE_ROUTES, MANAGER_ROUTES, PLAN_ROUTES, PUBLIC_ROUTES } from '../apps/web/src/auth/access';
import { PASSWORD } from './support/api';
import { axeViolations } from './support/axe';
import { loginThroughForm, newPage } from './support/browser';
import { apiCall, approvedOwner, browser, server, useE2e } from './support/suite';

useE2e();

/** The route table's routes (auth/access.ts, the guards' own) with their parameters filled with real records. */
const concrete = (route: string, ids: { queue: string; rule: string; ticket: string }) =>
  route
    .replace('/queues/:id', `/queues/${ids.queue}`)
    .replace('/settings/rules/:id', `/settings/rules/${ids.rule}`)
    .replace(/\/(t|f)\/:uid/, `/$1/${ids.ticket}`);

/** The back-office's pages, as an ADMIN of a business whose package has every screen, sees them. */
const APP_ROUTES = [...ANY_ROLE_ROUTES, ...MANAGER_ROUTES, ...PLAN_ROUTES, ...ADMIN_ROUTES];
/** A visitor's pages; `/` and `/error404` only redirect or stand in for unknown paths, the devices' and tickets' pages are their own screens. */
const VISITOR_ROUTES = PUBLIC_ROUTES.filter((r) => r !== '/');

interface Finding {
  route: string;
  lang: string;
  serious: number;
  critical: number;
  h1: number;
  main: number;
  details: string[];
}

/** Loads a page, lets it settle, and reads what axe and the document outline say about it. */
async function audit(page: Page, route: string, lang: string): Promise<Finding> {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  // The screen's own content, not the spinner: a heading or a form field appears once the data is in.
  await page
    .locator('h1, main input, main button')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  const violations = await axeViolations(page);
  const outline = await page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main, [role="main"]').length,
  }));
  return {
    route,
    lang,
    serious: violations.filter((v) => v.impact === 'serious').length,
    critical: violations.filter((v) => v.impact === 'critical').length,
    ...outline,
    details: violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).join(' ')})`),
  };
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.lang} ${f.route.padEnd(40)} serious ${f.serious} critical ${f.critical} h1 ${f.h1} main ${f.main}${f.details.length ? `\n    ${f.details.join('\n    ')}` : ''}`,
    )
    .join('\n');
}

const faultsOf = (findings: Finding[]) => findings.filter((f) => f.serious + f.critical > 0 || f.h1 !== 1 || f.main !== 1);

describe('accessibility of every screen (axe-core, WCAG 2.1 AA), in English and Arabic', () => {
  let ownerEmail: string;
  let ids: { queue: string; rule: string; ticket: string };

  beforeAll(async () => {
    const { email, session } = await approvedOwner('Clinique du Lac');
    ownerEmail = email;
    // Kiosks and displays are screens of the packages that have them.
    await server.setPackage(ownerEmail, 'LIBERPRO', 'monthly');
    const token = session.token;
    const queue = await apiCall('/business/queue/create', 'PUT', { name: 'Accueil', ticket_prefix: 'A', counters: [{ name: 'Desk 1' }] }, token);
    const ticket = await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Nour Client' }, token);
    await apiCall(`/business/queue/${queue.id}/push`, 'PUT', { customer_name: 'Karim Client' }, token);
    const rule = await apiCall('/business/rules/create', 'PUT', { name: 'VIP first', action: 'approve', applies_to: 'vip' }, token);
    ids = { queue: queue.id, rule: rule.id, ticket: ticket.uid };
  }, 120_000);

  for (const lang of ['en', 'ar']) {
    it(`finds no serious or critical violation, and one h1 and one main landmark, on every back-office route as ADMIN (${lang})`, async () => {
      const { context, page } = await newPage(browser, server.url, lang === 'ar' ? 'ar-TN' : 'en-US');
      try {
        await context.addInitScript((l) => localStorage.setItem('tabour.language', l), lang);
        await loginThroughForm(page, ownerEmail, PASSWORD);
        const findings: Finding[] = [];
        for (const route of APP_ROUTES) findings.push(await audit(page, concrete(route, ids), lang));
        console.log(`axe, back-office as ADMIN, ${lang}: ${findings.length} routes\n${report(findings)}`);
        expect(report(faultsOf(findings))).toBe('');
      } finally {
        await context.close();
      }
    }, 600_000);

    it(`finds the same on every visitor's, device's and ticket's page (${lang})`, async () => {
      const { context, page } = await newPage(browser, server.url, lang === 'ar' ? 'ar-TN' : 'en-US');
      try {
        await context.addInitScript((l) => localStorage.setItem('tabour.language', l), lang);
        const findings: Finding[] = [];
        for (const route of VISITOR_ROUTES) findings.push(await audit(page, concrete(route, ids), lang));
        console.log(`axe, visitor, ${lang}: ${findings.length} routes\n${report(findings)}`);
        expect(report(faultsOf(findings))).toBe('');
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
