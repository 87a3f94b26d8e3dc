import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { FAKE_HUBSPOT_TOKEN } from '../api/support/fakeHubspot';
import { apiToken, DEMO_PASSWORD, dataDir, demo, LOGIN_RADIO, signIn, signInAs } from './support/app';
import { expectAccessible } from './support/axe';
import { readMail, waitForMail, type Mail } from './support/mail';

// Broadcast e-mail (issue 29 items 1–3, spec 3 §2.5, §2.12, §8): a manager opens a league page of the
// demo, sends to the league's captains from the dialog (the server counts them first), confirms, and
// each captain gets a mail of their own (To: them alone) through the durable jobs into the outbox,
// with the body cleaned on the server: the request's HTML is given a <script>, an onclick and an
// onerror on its way out of the browser (the rich-text editor would drop them itself), and none of
// them reaches a mail. And (issue 29 item 4, spec 3 §2.5) a manager of facility 2, once the facility has
// a HubSpot integration, creates the HubSpot list of a league from its Teams tab against the e2e
// server's HubSpot fake (support/server.ts): the list's id, its contacts and the link to it.

interface Recipients { recipients: string[]; count: number }

async function api<T>(request: APIRequestContext, token: string, url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${url}`, { method: data === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A league of the manager's facility (the token's) with a few captains to write to: a league or a season's division
 * (a season's own page lists its divisions, not teams), not an e-league; the first such, or the one after `skip` of them.
 */
async function leagueWithCaptains(request: APIRequestContext, token: string, skip = 0): Promise<{ ID: number; captains: string[] }> {
  type Row = { ID: number; is_container: boolean; is_e_league: boolean };
  let left = skip;
  const leagues = await api<Row[]>(request, token, `/league?range=${encodeURIComponent('[0,99]')}&sort=${encodeURIComponent('["ID","ASC"]')}`);
  for (const league of leagues.filter((l) => !l.is_e_league)) {
    const ids = league.is_container ? (await api<{ divisions: Array<{ ID: number }> }>(request, token, `/league/${league.ID}`)).divisions.map((d) => d.ID) : [league.ID];
    for (const ID of ids) {
      const { recipients } = await api<Recipients>(request, token, `/broadcast/recipients?league_id=${ID}&send_to=captains`);
      if (recipients.length >= 2 && recipients.length <= 12 && left-- === 0) return { ID, captains: recipients };
    }
  }
  throw new Error("the demo has no league of the manager's facility with 2 to 12 captains");
}

const HOSTILE = '<script>alert(1)</script><p onclick="steal()">Click me</p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">there</a>';

test('a manager broadcasts to a league\'s captains: one mail each, without script or handlers', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'manager');
  const league = await leagueWithCaptains(request, token);
  const subject = `Finals night ${Date.now().toString(36)}`;

  // The body leaves the browser with hostile HTML added: only the server's sanitiser stands in its way.
  await page.route('**/api/broadcast', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'POST') return route.continue();
    const body = sent.postDataJSON() as { html: string };
    await route.continue({ postData: JSON.stringify({ ...body, html: `${body.html}${HOSTILE}` }) });
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto(`/league/${league.ID}`);
  await page.getByRole('button', { name: 'Broadcast message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Broadcast message' });
  await dialog.getByRole('radio', { name: 'Captains only' }).check();
  await expect(dialog.getByRole('radio', { name: 'Captains only' })).toBeChecked();
  await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^${league.captains.length} people will receive this message`));
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  // A manager's BCC is one of the facility's staff (issue 41 item 11): the manager's own address.
  const office = demo('manager').email;
  await dialog.getByRole('textbox', { name: /^BCC/ }).fill(office);
  await dialog.getByRole('textbox', { name: /^Reply to/ }).fill('manager@example.com');
  await dialog.getByRole('textbox', { name: /^Sender Name/ }).fill('Downtown front desk');
  await dialog.locator('[contenteditable="true"]').fill('The finals are on Friday at 7 pm.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send broadcast' });
  await expect(confirm.getByText('Send this message to all captains')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Broadcast message sent')).toBeVisible();

  const everyone = [...league.captains, office.toLowerCase()];
  const mails: Mail[] = [];
  for (const address of everyone) mails.push(await waitForMail(dataDir(), address, (m) => (m.headers.subject ?? '').includes(subject), 60_000));
  // One mail per address, addressed to it alone: nobody sees another's address.
  const outbox = path.join(dataDir(), 'outbox');
  const ours = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => readMail(path.join(outbox, f)))
    .filter((m) => (m.headers.subject ?? '').includes(subject));
  expect(ours).toHaveLength(everyone.length);
  for (const [i, mail] of mails.entries()) {
    expect(mail.headers.to?.toLowerCase()).toContain(everyone[i]);
    for (const other of everyone.filter((a) => a !== everyone[i])) expect(JSON.stringify(mail.headers).toLowerCase()).not.toContain(other);
    expect(mail.headers['list-unsubscribe']).toMatch(/\/unsubscribe\//);
    const html = mail.bodies.join('\n');
    expect(html).toContain('The finals are on Friday at 7 pm.');
    expect(html).toContain('Click me');
    expect(html).not.toMatch(/<script|alert\(|onclick|onerror|javascript:/i);
  }
});

test('the unsubscribe link asks first: opening it changes nothing, its button unsubscribes, and one can subscribe again', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  // Not the league the test above mails (they run at once): an unsubscribed captain would change its count.
  const mailed = new Set((await leagueWithCaptains(request, token)).captains);
  const league = await leagueWithCaptains(request, token, 1);
  const address = league.captains.find((a) => !mailed.has(a))!;
  const subject = `Unsubscribe check ${Date.now().toString(36)}`;
  await api(request, token, '/broadcast', { subject, html: '<p>Hello</p>', recipients: [address], facility_id: demo('manager').facility_id, reply_to: demo('manager').email, league_id: league.ID, send_to_captains: true });
  const mail = await waitForMail(dataDir(), address, (m) => (m.headers.subject ?? '').includes(subject), 60_000);
  const link = /<(https?:[^>]+\/unsubscribe\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  expect(link, mail.headers['list-unsubscribe']).toBeTruthy();
  const counted = async () => (await api<Recipients>(request, token, `/broadcast/recipients?league_id=${league.ID}&send_to=captains`)).recipients;

  // Opening the link (a scanner would) only asks.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from these e-mails?' })).toBeVisible();
  await expect(page.getByText('Touchline', { exact: true })).toBeVisible();
  expect(await counted()).toContain(address);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  expect(await counted()).not.toContain(address);
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByRole('heading', { name: 'You are subscribed again' })).toBeVisible();
  expect(await counted()).toContain(address);
  // A changed link answers a page, not JSON.
  const tampered = await page.goto(`${link!.slice(0, -2)}xx`);
  expect(tampered?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});

test('a manager creates the HubSpot list of a league from its Teams tab', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Facility 2's integration, holding the fake's token (facility 1, which other specs use, keeps none).
  await api(request, await apiToken(request, 'admin'), '/integration', { name: 'HubSpot Riverside', type: 'hubspot', facility_id: 2, data: { api_key: FAKE_HUBSPOT_TOKEN } });
  const manager = demo('manager', 2);
  const login = await request.post('/user/login', { data: { email: manager.email, password: DEMO_PASSWORD, user_type: 'manager' } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { token: string }).token;
  const league = await leagueWithCaptains(request, token);
  const players = await api<Recipients>(request, token, `/broadcast/recipients?league_id=${league.ID}&send_to=players`);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, manager.email, DEMO_PASSWORD, LOGIN_RADIO.manager);
  await page.goto(`/league/${league.ID}`);
  await page.getByRole('button', { name: 'Create hubspot list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to HubSpot' });
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByRole('textbox', { name: 'List ID' })).toHaveValue(/^\d+$/);
  const listId = await dialog.getByRole('textbox', { name: 'List ID' }).inputValue();
  await expect(dialog.getByText(new RegExp(`^${players.count} contacts are in the list "Touchline `))).toBeVisible();
  await expect(dialog.getByText('Put this list ID in a custom property to use the list in HubSpot.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open the list in HubSpot' })).toHaveAttribute('href', new RegExp(`^https://app\\.hubspot\\.com/contacts/\\d+/objectLists/${listId}$`));
  await expectAccessible(page, 'hubspot export dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
