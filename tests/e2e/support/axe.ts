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

/** How long the page's DOM must stay unchanged to count as drawn, and the longest wait for that. */
const QUIET_MS = 150;
const MAX_WAIT_MS = 3_000;

/**
 * Runs axe on the page as it is now (an open dialog included) and fails on serious or critical
 * violations. `label` names the screen in the failure message. The failure is soft: the test goes on,
 * so that one run lists every screen's violations, and fails at its end.
 */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  // The screen must be drawn: its DOM still for a moment (FullCalendar's render passes, and the calendar's
  // accessibility repair after them, included).
  await page.evaluate(([quiet, max]) => new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => { clearTimeout(still); still = setTimeout(done, quiet); });
    let still = setTimeout(done, quiet);
    const cap = setTimeout(done, max);
    function done() { observer.disconnect(); clearTimeout(still); clearTimeout(cap); resolve(); }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  }), [QUIET_MS, MAX_WAIT_MS] as const);
  const results = await new AxeBuilder({ page }).withTags(TAGS).disableRules(Object.keys(RULES_THAT_CANNOT_APPLY)).analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const report = failing.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`),
  );
  expect.soft(report, `accessibility violations on ${label ?? page.url()}`).toEqual([]);
}
