import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The accessibility check every e2e spec runs on each screen it visits (issue 31): axe-core with the WCAG 2.0
// and 2.1 level A and AA rules, failing on any serious or critical violation with a list a person can act on.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The rules that cannot apply, each with its reason: the only place a rule is switched off.
 */
export const RULES_THAT_CANNOT_APPLY: Record<string, string> = {};

/**
 * Runs axe on the page as it is now (an open dialog included) and fails on serious or critical
 * violations. `label` names the screen in the failure message.
 */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  // The screen must be drawn: wait for react-admin's loading indicator to settle.
  await page.waitForLoadState('domcontentloaded');
  const results = await new AxeBuilder({ page }).withTags(TAGS).disableRules(Object.keys(RULES_THAT_CANNOT_APPLY)).analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const report = failing.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`),
  );
  expect.soft(report, `accessibility violations on ${label ?? page.url()}`).toEqual([]);
}
