import { chromium } from '@playwright/test';
import { PRODUCT } from '../server/db/seed/catalog';
import { signedIn, summary, type PaintResult } from './paint';
import { bearer, type BenchContext } from './scenarios/types';

// The schedule review of issue 25 item 6: "the review of 80 matches renders in Chromium in ≤ 1 s".
// A league of 16 teams (made through the API, starting at a random week years ahead so that a kept
// database never holds its slots) on the builder's default slot, Wednesdays 18:00–22:00 on the first
// field, 10 games per team: 80 matches. Each run opens the league's Schedule tab in the signed-in
// manager's Chromium at 1440×900, sets 10 games, goes to the confirmation and measures from the click
// on Build Schedule (the server builds and checks the 80 games) until the 80 review rows are painted
// (the first frame that finds them all, then a task after that frame's paint). Nothing is saved.

export const REVIEW_BUDGET_MS = 1000;
export const REVIEW_MATCHES = 80;
const DAY = 86_400;

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

async function post<T>(ctx: BenchContext, token: string, path: string, body: unknown): Promise<T> {
  const res = await ctx.call(`/api${path}`, { method: 'POST', headers: { ...bearer(token).headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A Brooklyn league of 16 teams starting on a random week 20 to 30 years ahead. */
async function reviewLeague(ctx: BenchContext): Promise<number> {
  const token = await ctx.token('admin');
  const start = Math.floor(Date.now() / 1000) + (20 * 365 + 7 * Math.floor(Math.random() * 520)) * DAY;
  const league = await post<{ ID: number }>(ctx, token, '/league', {
    name: `Bench Review ${Date.now()}`, description: 'Bench', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: start, end_date: start + 365 * DAY, registration_start_date: start - DAY, registration_end_date: start, max_teams: 16, duration: 60,
  });
  const detail = (await (await ctx.call(`/api/league/${league.ID}`, bearer(token))).json()) as { fees: Array<{ price: number }> };
  for (let i = 0; i < 16; i++) await post(ctx, token, '/team/signup', { league_id: league.ID, name: `Review ${i + 1}`, fee: detail.fees[0].price });
  return league.ID;
}

export async function measureScheduleReview(ctx: BenchContext, runs = 10): Promise<PaintResult> {
  const league = await reviewLeague(ctx);
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
