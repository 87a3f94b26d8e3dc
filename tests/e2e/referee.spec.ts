import { expect, test } from '@playwright/test';
import { apiToken, signInAs, signOut } from './support/app';
import { expectAccessible } from './support/axe';

// Referee assignment (issue 27 items 1–2): a manager picks two matches of the coming week on /referee and
// assigns the demo referee in the dialog; the referee signs in and finds both on /schedule, and the
// match's event page names them.

const DAY = 86_400;
interface Listed { ID: number; date: number; duration: number; home_team: { name: string } | null; away_team: { name: string } | null; referee: { ID: number } | null }

test('a manager assigns a referee to two matches, who sees them on /schedule', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'manager');
  const now = Math.floor(Date.now() / 1000);
  // Asked over more than the page's default range (today to a week from today, whole days in the
  // facility's zone), so that a name unique here is unique on the page too.
  const res = await request.fetch(`/api/ref/matches?start_date=${now - 2 * DAY}&end_date=${now + 10 * DAY}`, { headers: { authorization: `Bearer ${token}` } });
  const all = await res.json() as Listed[];
  const name = (m: Listed) => `${m.home_team?.name ?? 'TBD'} - ${m.away_team?.name ?? 'TBD'}`;
  const unique = (m: Listed) => all.filter((o) => name(o) === name(m)).length === 1;
  const busy = all.filter((m) => m.referee);
  const overlaps = (a: Listed, b: Listed) => a.date < b.date + b.duration * 60 && b.date < a.date + a.duration * 60;
  const picked: Listed[] = [];
  for (const m of all.filter((m) => !m.referee && m.date > now + 3600 && m.date < now + 6 * DAY && unique(m))) {
    if (busy.some((b) => overlaps(b, m)) || picked.some((p) => overlaps(p, m))) continue;
    picked.push(m);
    if (picked.length === 2) break;
  }
  expect(picked, 'two unassigned matches in the coming week').toHaveLength(2);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto('/referee');
  for (const m of picked) await page.getByRole('checkbox', { name: name(m), exact: true }).check();
  await expectAccessible(page, 'referee page, two matches picked');
  await page.getByRole('button', { name: 'Assign Referee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Referee' });
  await dialog.getByRole('combobox', { name: 'Select Referee' }).click();
  await page.getByRole('option', { name: /referee@touchline\.test/ }).click();
  await expectAccessible(page, 'assign-referee dialog');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: 'test-results/referee-assigned.png', fullPage: true });

  await signOut(page);
  await signInAs(page, 'referee');
  await page.goto('/schedule');
  for (const m of picked) await expect(page.getByText(`${m.home_team?.name} vs ${m.away_team?.name}`).first()).toBeVisible();
  await expectAccessible(page, 'schedule as a referee');

  const refereeToken = await apiToken(request, 'referee');
  const week = await request.fetch(`/api/event?start=${picked[0].date}&end=${picked[0].date + 60}`, { headers: { authorization: `Bearer ${refereeToken}` } });
  const event = (await week.json() as Array<{ ID: number; match: { ID: number } | null }>).find((e) => e.match?.ID === picked[0].ID);
  expect(event, "the match's calendar event").toBeTruthy();
  await page.goto(`/calendar/event/${event!.ID}`);
  await expect(page.getByTestId('match-referee')).toContainText('referee@touchline.test');
});
