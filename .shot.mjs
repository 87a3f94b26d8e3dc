import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4103';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(base + '/login');
await page.getByRole('radio', { name: 'Admin' }).check().catch(() => {});
await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@touchline.test');
await page.getByRole('textbox', { name: 'Password', exact: true }).fill('touchline');
await page.getByRole('button', { name: /sign in|log in|login/i }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
for (const [name, path] of process.argv.slice(2).map((a) => a.split('='))) {
  await page.goto(base + path);
  await page.waitForLoadState("networkidle").catch(() => {}); await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/classes-shots/${name}.png` });
  console.log('shot', name);
}
await browser.close();
