import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/app';

// Contracts and invoices as react-admin views (issue 40): an admin and a manager (both may create and
// edit contracts and invoices; only admins browse the invoices list) create a contract at
// /contract/create and an invoice at /invoice/create (pages with their forms), see each at its spec URL (/contract/{id},
// /invoice/{id}), change it through its edit view and see the change on its page without a reload.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Picks an option of a select of the form (the first, or the named one). */
async function choose(page: Page, label: RegExp, option?: string) {
  await page.locator('form, [role=dialog]').getByRole('combobox', { name: label }).first().click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }) : options).first().click();
}

for (const role of ['admin', 'manager'] as const) {
  test(`${role}: creates, shows and edits a contract and an invoice through their views`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, role);
    const name = `Views ${role} ${tag()}`;

    // The contract: /contract/create → /contract/{id} → /contract/{id}/edit → /contract/{id}.
    await page.goto('/contract/create');
    if (role === 'admin') await choose(page, /Facility/, 'Touchline Brooklyn');
    await page.getByTestId('contract-name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/contract\/\d+$/);
    const contractUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('contract-name')).toHaveText(name);
    await page.goto(`${contractUrl}/edit`);
    const nameInput = page.getByRole('textbox', { name: 'Name' });
    await expect(nameInput).toHaveValue(name);
    await nameInput.fill(`${name} renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${contractUrl}$`));
    await expect(page.getByTestId('contract-name')).toHaveText(`${name} renamed`);

    // The invoice: /invoice/create (its create view: a page with the form, no dialog) → /invoice/{id}
    // → /invoice/{id}/edit → /invoice/{id}.
    await page.goto('/invoice/create');
    const form = page.locator('form');
    await expect(form.getByRole('spinbutton', { name: /Amount/ })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (role === 'admin') await choose(page, /Facility/, 'Touchline Brooklyn');
    await choose(page, /Product type/);
    await form.getByRole('spinbutton', { name: /Amount/ }).fill('42.50');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/invoice\/\d+$/);
    const invoiceUrl = new URL(page.url()).pathname;
    const invoiceId = invoiceUrl.split('/').pop();
    await expect(page.getByRole('heading', { name: `Invoice ${invoiceId}` })).toBeVisible();
    await expect(page.getByTestId('invoice-totals')).toContainText('$42.50');
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`${invoiceUrl}/edit$`));
    await page.getByRole('textbox', { name: 'Comment' }).fill(`Note ${name}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${invoiceUrl}$`));
    await expect(page.getByText(`Note ${name}`)).toBeVisible();
  });
}
