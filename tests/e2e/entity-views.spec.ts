import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Role } from '../../core/constants';
import { apiToken, signInAs } from './support/app';

// Issue 40 "Tests that show it": staff, discounts, products, GLs and customers through their views —
// created in their create view (/{name}/create), shown at /{name}/{id}, changed in their edit view
// (/{name}/{id}/edit) and shown changed on their page without a reload, as an admin and as a manager.
// The role matrix (core/permissions MATRIX) lets managers do all of it but add a discount: the
// manager's discount is added by an admin through the API, and the manager expires it (the one change
// a discount admits, its edit view).

/** A tag of letters only (names refuse digits here and there), new at each call. */
const letters = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
const digits = (n: number) => String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-n);

/** What one entity's steps share: the page, the role, and the GL the product is filed under. */
interface Run { page: Page; role: Role; request: APIRequestContext; tag: string; gl: { code: string } }

interface EntityViews {
  name: string;
  /** Creates the record (through its create view where the role may) and answers its id, on its page. */
  create(run: Run): Promise<number>;
  /** What the record's page shows of it once made. */
  shown(run: Run): string;
  /** Makes a change in its edit view and saves it; answers what its page then shows. */
  change(run: Run): Promise<string>;
  /** The page's address after the edit view saves (the show view, or one of its tabs). */
  after?: string;
}

const main = (page: Page) => page.getByRole('main');
const idIn = (page: Page) => Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

/** Picks the option of the form's select `label` (its text containing `option`). */
async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await main(page).getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option').filter({ hasText: option }).first().click();
}

async function save(page: Page) {
  await main(page).getByRole('button', { name: 'Save' }).click();
}

const ENTITIES: EntityViews[] = [
  {
    name: 'staff',
    async create({ page, role, tag }) {
      await page.goto('/staff/create');
      if (role === 'admin') await choose(page, /^Facility/, 'Touchline Brooklyn');
      await choose(page, /^User type/, /^Referee$/);
      await main(page).getByLabel('First name').fill('Vito');
      await main(page).getByLabel('Last name').fill(`Staff${tag}`);
      await main(page).getByRole('textbox', { name: /^Email/ }).fill(`views-${tag}@example.com`);
      await main(page).getByLabel('Phone').fill('212-555-0199');
      await save(page);
      await expect(page).toHaveURL(/\/staff\/\d+$/);
      return idIn(page);
    },
    shown: ({ tag }) => `Vito Staff${tag}`,
    async change({ page, tag }) {
      const first = main(page).getByLabel('First name');
      await expect(first).toHaveValue('Vito');
      await first.fill('Viola');
      await save(page);
      return `Viola Staff${tag}`;
    },
  },
  {
    name: 'gls',
    async create({ page, gl }) {
      await page.goto('/gls/create');
      await main(page).getByRole('textbox', { name: /^Code/ }).fill(gl.code);
      await choose(page, /^Product type/, /^Block$/);
      await save(page);
      await expect(page).toHaveURL(/\/gls\/\d+$/);
      return idIn(page);
    },
    shown: ({ gl }) => gl.code,
    async change({ page, gl }) {
      const code = main(page).getByRole('textbox', { name: /^Code/ });
      await expect(code).toHaveValue(gl.code);
      gl.code = `${gl.code}7`;
      await code.fill(gl.code);
      await save(page);
      return gl.code;
    },
  },
  {
    // Filed under the GL made just before (a blocker's GL asks for no price).
    name: 'newproduct',
    async create({ page, tag, gl }) {
      await page.goto('/newproduct/create');
      await main(page).getByRole('textbox', { name: /^Name/ }).fill(`Views Product ${tag}`);
      await choose(page, /^GL/, `${gl.code} — Block`);
      await save(page);
      await expect(page).toHaveURL(/\/newproduct\/\d+\?tab=facility$/);
      const id = idIn(page);
      await page.goto(`/newproduct/${id}`);
      return id;
    },
    shown: ({ tag }) => `Views Product ${tag}`,
    async change({ page, tag }) {
      const name = main(page).getByRole('textbox', { name: /^Name/ });
      await expect(name).toHaveValue(`Views Product ${tag}`);
      await name.fill(`Views Product ${tag} B`);
      await save(page);
      return `Views Product ${tag} B`;
    },
    after: '?tab=base',
  },
  {
    name: 'discount',
    async create({ page, role, request, tag }) {
      if (role === 'admin') {
        await page.goto('/discount/create');
        await main(page).getByRole('textbox', { name: /^Name/ }).fill(`Views Discount ${tag}`);
        await main(page).getByRole('spinbutton', { name: /^Value/ }).fill('15');
        await save(page);
        await expect(page).toHaveURL(/\/discount\/\d+$/);
        return idIn(page);
      }
      // Managers add no discounts (only admins: spec 1 §6): an admin's, which the manager opens.
      const token = await apiToken(request, 'admin');
      const made = await request.post('/api/discount', { headers: { authorization: `Bearer ${token}` }, data: { name: `Views Discount ${tag}`, is_percentage: true, value: 15 } });
      expect(made.status(), await made.text()).toBe(201);
      const { ID } = await made.json() as { ID: number };
      await page.goto(`/discount/${ID}`);
      return ID;
    },
    shown: ({ tag }) => `Views Discount ${tag}`,
    // A discount only expires (its edit view's one input), after a confirmation.
    async change({ page, tag }) {
      await expect(main(page).getByText(`Views Discount ${tag}`)).toBeVisible();
      await main(page).getByLabel('Expired').check();
      await save(page);
      await page.getByRole('dialog', { name: 'Expire discount' }).getByRole('button', { name: 'Confirm' }).click();
      return 'Expired';
    },
  },
  {
    name: 'customer',
    async create({ page, tag }) {
      await page.goto('/customer/create');
      const wizard = page.getByRole('dialog');
      await wizard.getByLabel('First name').fill('Vera');
      await wizard.getByLabel('Last name').fill(`Views${tag}`);
      await wizard.getByLabel('Email').fill(`views-customer-${tag}@example.com`);
      await wizard.getByLabel('Phone').fill(`212-55${digits(1)}-${digits(4)}`);
      await wizard.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/customer\/\d+$/);
      return idIn(page);
    },
    shown: ({ tag }) => `Vera Views${tag}`,
    async change({ page, tag }) {
      const first = main(page).getByRole('textbox', { name: 'First name' });
      await expect(first).toHaveValue('Vera');
      await first.fill('Vesna');
      await save(page);
      return `Vesna Views${tag}`;
    },
  },
];

for (const role of ['admin', 'manager'] as const) {
  test(`${role}: creates, shows and edits staff, GLs, products, discounts and customers through their views`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, role);
    const run: Run = { page, role, request, tag: letters(), gl: { code: `9${digits(7)}` } };
    for (const entity of ENTITIES) {
      await test.step(entity.name, async () => {
        const id = await entity.create(run);
        await expect(page).toHaveURL(new RegExp(`/${entity.name}/${id}(\\?|$)`));
        await expect(main(page).getByText(entity.shown(run), { exact: true }).first()).toBeVisible();

        await page.goto(`/${entity.name}/${id}/edit`);
        const changed = await entity.change(run);
        await expect(page).toHaveURL(new RegExp(`/${entity.name}/${id}${(entity.after ?? '').replace('?', '\\?')}$`));
        await expect(main(page).getByText(changed, { exact: true }).first()).toBeVisible();
      });
    }
  });
}
