import { expect, test } from '@playwright/test';
import { apiToken, menuItem, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// The media gallery (spec 3 §2.18, issue 28): the demo's photos as a grid of real thumbnails with tag
// chips, the Deleted filter, and the details drawer with the image, Download, and Restore; a manager
// sees their facility's photos without a facility filter.

test.use({ viewport: { width: 1440, height: 900 } });

test('the gallery shows the demo photos, filters deleted ones, and opens a photo in the Details drawer', async ({ page, request }) => {
  // One photo of facility 1 marked deleted through the API, to find with the filter.
  const token = await apiToken(request, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const first = await request.get(`/api/media?facility_id=1&deleted=2&range=${encodeURIComponent('[0,0]')}`, { headers: auth });
  const [photo] = await first.json();
  expect(photo, 'the demo seeds photos in facility 1').toBeTruthy();
  expect((await request.put(`/api/media/${photo.ID}`, { headers: auth, data: { to_keep: false } })).ok()).toBe(true);

  await signInAs(page, 'admin');
  await page.goto('/media');
  const grid = page.getByRole('list', { name: 'Media' });
  const cards = grid.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // Real images: the first thumbnail has loaded and has pixels.
  const firstImage = cards.first().getByRole('img');
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(cards.first().getByText(/^(Adult|Youth)$/)).toBeVisible();
  await expect(cards.first().getByText(/^(Spring|Summer|Fall|Winter)$/)).toBeVisible();
  await expectAccessible(page, 'media gallery');
  await page.screenshot({ path: 'test-results/media-admin.png' });

  // The Deleted filter: Yes shows deleted photos only, each with its chip.
  await page.getByRole('combobox', { name: 'Deleted' }).click();
  await page.getByRole('option', { name: 'Yes', exact: true }).click();
  await expect(page).toHaveURL(/deleted/);
  const card = grid.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Photo ${photo.ID}:`) }) });
  await expect(card).toBeVisible();
  // Every card the filtered list settles on is a deleted one (the unfiltered page may still show for a moment).
  await expect.poll(async () => {
    const [all, deleted] = [await grid.getByRole('listitem').count(), await grid.getByRole('listitem').filter({ hasText: 'Deleted' }).count()];
    return all > 0 && all === deleted;
  }).toBe(true);

  // The drawer: the image, Download (the file itself), Restore.
  await card.getByRole('button').click();
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await expect(drawer).toBeVisible();
  const image = drawer.getByRole('img', { name: new RegExp(`^Photo ${photo.ID}:`) });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
  await expectAccessible(page, 'media details drawer');
  const download = drawer.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('href', photo.s3_url);
  const file = await request.get(photo.s3_url);
  expect(file.headers()['content-type']).toMatch(/^image\//);
  await page.screenshot({ path: 'test-results/media-drawer.png' });

  await drawer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Photo restored')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Delete' })).toBeVisible();
  const after = await request.get(`/api/media/${photo.ID}`, { headers: auth });
  expect((await after.json()).to_keep).toBe(true);
});

test('a manager sees their facility\'s photos, with no facility filter', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  const mine = await (await request.get(`/api/media?range=${encodeURIComponent('[0,0]')}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(mine[0].facility_id).toBe(1);
  await signInAs(page, 'manager');
  // Reached from the menu (issue 41 item 10).
  await menuItem(page, 'Media').click();
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByRole('list', { name: 'Media' }).getByRole('button', { name: new RegExp(`^Photo ${mine[0].ID}:`) })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Date range' })).toBeVisible();
  await expectAccessible(page, 'media gallery as a manager');
  await page.screenshot({ path: 'test-results/media-manager.png' });
});
