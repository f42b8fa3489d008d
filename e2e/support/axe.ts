import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * The page's accessibility violations of the given impacts, by axe-core run inside the page
 * (WCAG 2.1 A and AA rules and axe's best practices).
 */
export async function axeViolations(page: Page, impacts: string[] = ['serious', 'critical']): Promise<AxeViolation[]> {
  // Colours are judged as they stand once the page has settled: an element still fading in (a
  // notice, a dialog) has a contrast it never keeps. Endless animations (spinners) are left running.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
  // Evaluated rather than added as a script element: the pages' Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return found.filter((v) => v.impact !== null && impacts.includes(v.impact));
}
