import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Leagues (issue 24, issue 41 m5, m6, m8, m9): an admin creates a league in its dialog, adds a new team
// at the early-bird fee (billed at that price), a new team without players pays as the team, the
// team's invoice is paid for a player, the team summary shows its league's invoice, players join (the first becomes captain), another is made
// captain, a player moves to another team with their payment, and a season rolls over into a new one
// inside its early bird, billing the carried-over team the early-bird fee.

const DAY = 86_400;

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

const dateInput = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

test('an admin runs a league: create, early-bird team, players, captain, a moved player, rollover', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'admin');
  const now = Math.floor(Date.now() / 1000);
  const tag = Date.now().toString(36);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');

  // The league, in its dialog.
  await page.goto('/leagues');
  await expect(page.getByRole('button', { name: 'Add new league' })).toBeVisible();
  await expectAccessible(page, 'leagues list');
  await page.getByRole('button', { name: 'Add new league' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create league' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(`E2E League ${tag}`);
  await dialog.getByRole('textbox', { name: /Online description/ }).fill('Tuesday nights');
  await dialog.getByRole('combobox', { name: /Product/ }).click();
  await page.getByRole('option', { name: 'Adult League Team Fee' }).click();
  await expectAccessible(page, 'create-league dialog');
  const dates: Array<[RegExp, number]> = [
    [/^Start date/, now + 30 * DAY], [/^End date/, now + 90 * DAY], [/^Registration start/, now - DAY], [/^Registration end/, now + 29 * DAY],
    [/^Early bird start/, now - DAY], [/^Early bird end/, now + 10 * DAY],
  ];
  // Typed as a person types them, month, day and year (the year passes through 0002, 0020 and 0203).
  for (const [label, seconds] of dates) {
    const [year, month, day] = dateInput(seconds).split('-');
    await dialog.getByLabel(label).focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await expect(dialog.getByLabel(label)).toHaveValue(dateInput(seconds));
  }
  await dialog.getByRole('switch', { name: 'Enable early bird' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/league\/\d+$/);
  const leagueId = Number(page.url().split('/').pop());

  // A new team at the early-bird fee.
  await page.getByRole('button', { name: 'Add new' }).click();
  const add = page.getByRole('dialog', { name: 'Add team to league' });
  await add.getByRole('tab', { name: 'New team' }).click();
  await add.getByRole('textbox', { name: 'Team name' }).fill(`Early Birds ${tag}`);
  await expectAccessible(page, 'add-team dialog');
  await add.getByRole('combobox', { name: 'Fee' }).click();
  await page.getByRole('option', { name: /^Early bird/ }).click();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: `Early Birds ${tag}` })).toBeVisible();
  await expectAccessible(page, 'league page, teams');
  await page.getByRole('button', { name: 'Broadcast message' }).click();
  const broadcast = page.getByRole('dialog', { name: 'Broadcast message' });
  await expect(broadcast.getByRole('textbox', { name: 'Subject' })).toBeVisible();
  await expectAccessible(page, 'broadcast dialog');
  await broadcast.getByRole('button', { name: 'Cancel' }).click();
  await expect(broadcast).toBeHidden();
  const league = await call(request, token, 'GET', `/league/${leagueId}`);
  const signed = league.teams[0];
  // The early bird is billed at its price, taxed on it, with no discount (issue 41 m6).
  const early = league.fees.find((f: { kind: string }) => f.kind === 'early_bird');
  const bill = await call(request, token, 'GET', `/invoice/${signed.invoice.ID}`);
  expect(bill).toMatchObject({ discounted: 0, discounts: [], invoice_items: [expect.objectContaining({ price: early.price, comment: `E2E League ${tag} · Early bird` })] });

  // Players (the first becomes captain), a payment for one of them, and a second team to move to.
  const found = await call(request, token, 'GET', '/customer/search/a?facility_id=1');
  const adults = (found as Array<{ ID: number; is_kid: boolean; first_name: string; last_name: string }>).filter((c) => !c.is_kid).slice(0, 2);
  for (const c of adults) await call(request, token, 'POST', '/player', { team_id: signed.team.ID, customer_id: c.ID });
  await call(request, token, 'POST', '/payment', { invoice_id: signed.invoice.ID, amount: 20, type: 'cash', player_customer_id: adults[1].ID });
  const other = await call(request, token, 'POST', '/team/signup', { league_id: leagueId, name: `Other ${tag}`, fee: league.fees[0].price });

  // The new team has no players yet: its captain pays its fee as the team's, leaving $30.00 (issue 41 m5).
  await page.goto(`/invoice/${other.invoice_id}`);
  const owed = (await call(request, token, 'GET', `/invoice/${other.invoice_id}`)).balance as number;
  await page.getByRole('button', { name: 'Add payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Add payment' });
  await expect(pay.getByText('The team has no players yet: this payment is the team’s, paid by its captain')).toBeVisible();
  await expect(pay.getByRole('combobox', { name: 'Player' })).toHaveCount(0);
  await pay.getByRole('spinbutton', { name: 'Amount' }).fill((owed - 30).toFixed(2));
  await pay.getByRole('button', { name: 'Add payment' }).click();
  await expect(page.getByTestId('balance-chip')).toHaveText('$30.00 owed');

  await page.goto(`/league/${leagueId}`);
  await page.getByRole('link', { name: `Early Birds ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/team/${signed.team.ID}$`));
  // The summary names the league with its own invoice and balance (issue 41 m9).
  const summaryLeague = page.getByTestId('team-summary-league');
  await expect(summaryLeague).toHaveCount(1);
  await expect(summaryLeague).toContainText(`E2E League ${tag}`);
  await expect(summaryLeague.getByRole('link', { name: `View invoice #${signed.invoice.ID}` })).toBeVisible();
  const second = page.getByRole('row').filter({ hasText: `${adults[1].first_name} ${adults[1].last_name}` });
  await expect(page.getByRole('row').filter({ hasText: '(C)' })).toContainText(adults[0].last_name);
  await second.getByRole('button', { name: 'Make captain' }).click();
  await expect(second).toContainText('(C)');
  await expectAccessible(page, 'team page');
  await second.getByRole('button', { name: 'Move player to another team' }).click();
  const move = page.getByRole('dialog', { name: 'Change player team' });
  await move.getByRole('combobox', { name: 'Team' }).fill(`Other ${tag}`);
  await page.getByRole('option', { name: `Other ${tag}` }).click();
  await expectAccessible(page, 'move-player dialog');
  await move.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(second).toBeHidden();
  const moved = await call(request, token, 'GET', `/team/${other.team_id}`);
  expect(moved.roster[0]).toMatchObject({ customer_id: adults[1].ID, paid: 20 });

  // A season that started rolls over into a new one with its division and team.
  const season = await call(request, token, 'POST', '/league', {
    name: `E2E Season ${tag}`, description: 'Season', facility_id: 1, new_product_id: league.new_product_id, is_container: true,
    start_date: now - 10 * DAY, end_date: now + 30 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY,
  });
  const division = await call(request, token, 'POST', '/league', {
    name: `E2E Season ${tag} Division A`, description: 'Division', facility_id: 1, new_product_id: league.new_product_id, age_group_id: 1, gender: 'Co-Ed',
    parent_league_id: season.ID, start_date: now - 10 * DAY, end_date: now + 30 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY,
  });
  const fee = (await call(request, token, 'GET', `/league/${division.ID}`)).fees[0].price;
  await call(request, token, 'POST', '/team/signup', { league_id: division.ID, name: `Rollers ${tag}`, fee });
  await page.goto(`/league/${season.ID}`);
  await page.getByRole('button', { name: 'Rollover' }).click();
  const wizard = page.getByRole('dialog', { name: 'Rollover' });
  await wizard.getByRole('tab', { name: 'Settings' }).click();
  await wizard.getByRole('switch', { name: 'Enable early bird' }).check();
  await wizard.getByRole('tab', { name: 'Dates' }).click();
  for (const [label, seconds] of [[/^Start date/, now + 60 * DAY], [/^End date/, now + 120 * DAY], [/^Registration start/, now], [/^Registration end/, now + 59 * DAY],
    [/^Early bird start/, now - DAY], [/^Early bird end/, now + 14 * DAY]] as Array<[RegExp, number]>) {
    await wizard.getByLabel(label).fill(dateInput(seconds));
  }
  await wizard.getByRole('tab', { name: 'Name' }).click();
  await wizard.getByRole('textbox', { name: /Name/ }).fill(`E2E Next Season ${tag}`);
  await wizard.getByRole('tab', { name: 'Divisions' }).click();
  await wizard.getByRole('checkbox', { name: `E2E Season ${tag} Division A` }).check();
  await expect(wizard.getByRole('checkbox', { name: `Rollers ${tag}` })).toBeChecked();
  await expectAccessible(page, 'rollover wizard, divisions');
  await wizard.getByRole('tab', { name: 'Save' }).click();
  // Inside the new season's early bird, the carried-over teams are billed its fee (issue 41 m8).
  await expect(wizard.getByRole('switch', { name: /^Bill the carried-over teams the early-bird fee/ })).toBeChecked();
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/league/${season.ID}$`));
  await expect(page).toHaveURL(/\/league\/\d+$/);
  await expect(page.getByRole('link', { name: `E2E Next Season ${tag} Division A` })).toBeVisible();
  expect((await call(request, token, 'GET', `/league/${season.ID}`)).rollover_to).toBe(Number(page.url().split('/').pop()));
  const next = await call(request, token, 'GET', `/league/${Number(page.url().split('/').pop())}`);
  const rolled = await call(request, token, 'GET', `/league/${next.divisions[0].ID}`);
  const earlyFee = rolled.fees.find((f: { kind: string }) => f.kind === 'early_bird').price;
  const rolledBill = await call(request, token, 'GET', `/invoice/${rolled.teams[0].invoice.ID}`);
  expect(rolledBill).toMatchObject({ discounted: 0, invoice_items: [expect.objectContaining({ price: earlyFee })] });
});

test('a team\'s public page opens from the team page, signed out, with its standings and calendar feed', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'admin');
  const now = Math.floor(Date.now() / 1000);
  const tag = Date.now().toString(36);
  const { ID: leagueId } = await call(request, token, 'POST', '/league', {
    name: `Public League ${tag}`, description: 'Shown online', facility_id: 1, new_product_id: 1, age_group_id: 1, gender: 'Co-Ed', display_schedule: true,
    start_date: now - 7 * DAY, end_date: now + 60 * DAY, registration_start_date: now - 30 * DAY, registration_end_date: now - 8 * DAY,
  });
  const fee = (await call(request, token, 'GET', `/league/${leagueId}`)).fees[0].price;
  const { team_id: teamId } = await call(request, token, 'POST', '/team/signup', { league_id: leagueId, name: `Public Lions ${tag}`, fee });
  const found = await call(request, token, 'GET', '/customer/search/a?facility_id=1');
  const adult = (found as Array<{ ID: number; is_kid: boolean; first_name: string; last_name: string }>).find((c) => !c.is_kid)!;
  await call(request, token, 'POST', '/player', { team_id: teamId, customer_id: adult.ID });

  // Staff open it from the team page (a new tab).
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto(`/team/${teamId}`);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'View Team public link' }).click()]);
  const address = tab.url();
  expect(address).toMatch(/\/public\/team\?ref=[0-9a-f-]{36}$/);

  // Anyone with the address reads it signed out: no session in this context.
  const stranger = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const outside = await stranger.newPage();
  await outside.goto(address);
  await expect(outside.getByRole('heading', { name: `Public Lions ${tag}`, level: 1 })).toBeVisible();
  await expect(outside.getByText(`${adult.first_name} ${adult.last_name[0].toUpperCase()}. (C)`)).toBeVisible();
  await expect(outside.getByText(adult.last_name)).toHaveCount(0);
  await expect(outside.getByRole('heading', { name: `Standings: Public League ${tag}` })).toBeVisible();
  await expectAccessible(outside, 'public team page');
  await outside.screenshot({ path: test.info().outputPath('public-team.png'), fullPage: true });
  const feed = await outside.getByRole('link', { name: 'Download calendar (.ics)' }).getAttribute('href');
  const ics = await stranger.request.get(feed!);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await ics.text()).toContain('BEGIN:VCALENDAR');
  await stranger.close();
});
