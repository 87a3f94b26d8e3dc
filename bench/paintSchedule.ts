import { chromium } from '@playwright/test';
import { signedIn, summary, type PaintResult } from './paint';
import { benchLeague } from './scenarios/schedule';
import type { BenchContext } from './scenarios/types';

// The schedule review of issue 25 item 6: "the review of 80 matches renders in Chromium in ≤ 1 s".
// A league of 16 teams (made through the API as the schedule scenarios make theirs, 20 years ahead,
// after clearing the games of earlier runs) on the builder's default slot, Wednesdays 18:00–22:00 on the first
// field, 10 games per team: 80 matches. Each run opens the league's Schedule tab in the signed-in
// manager's Chromium at 1440×900, sets 10 games, goes to the confirmation and measures from the click
// on Build Schedule (the server builds and checks the 80 games) until the 80 review rows are painted
// (the first frame that finds them all, then a task after that frame's paint). Nothing is saved.

export const REVIEW_BUDGET_MS = 1000;
export const REVIEW_MATCHES = 80;

const BUILT = `(expected) => new Promise((resolve) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim().toLowerCase() === 'build schedule');
  const clicked = performance.now();
  button.click();
  const frame = () => {
    if (document.querySelectorAll('[data-testid="review-row"]').length >= expected) setTimeout(() => resolve(performance.now() - clicked));
    else requestAnimationFrame(frame);
  };
  frame();
})`;

export async function measureScheduleReview(ctx: BenchContext, runs = 10): Promise<PaintResult> {
  const { ID: league } = await benchLeague(ctx, await ctx.token('admin'), 16, 20);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const { page } = await signedIn(ctx, browser);
    const times: number[] = [];
    // The first run is unmeasured: it brings the league page's and the builder's chunks into the cache.
    for (let i = 0; i <= runs; i++) {
      await page.goto(`/league/${league}`);
      await page.getByRole('tab', { name: 'Schedule' }).click();
      await page.getByRole('spinbutton', { name: 'Games per team' }).fill('10');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Build Schedule' }).waitFor();
      const ms = await page.evaluate<number>(`(${BUILT})(${REVIEW_MATCHES})`);
      if (i > 0) times.push(ms);
    }
    return summary(times, REVIEW_MATCHES, REVIEW_BUDGET_MS);
  } finally {
    await browser.close();
  }
}
