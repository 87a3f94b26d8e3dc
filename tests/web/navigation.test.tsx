import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../core/constants';
import { MATRIX, rightsOf } from '../../core/permissions';
import { allows, shownTo } from '../../src/kit/layout/navigation';
import { guards, navigation, resources } from '../../src/app/registry';

// The registry (src/app/registry.ts) drives the menu, the admin home's cards, the /resources tabs and the
// route guards; each reads the role matrix, the entity's rules for an entity's views.

// Media follows Referee (issue 41 item 10: the gallery is found from the menu by everyone who may open it).
const OFFICE_MENU = ['calendar', 'contracts', 'leagues', 'pickup', 'classes', 'customers', 'teams', 'reporting', 'referee', 'media'].map((k) => `menu.${k}`);
const rolesFor = (path: string) => {
  const guard = guards.find((g) => g.path === path);
  expect(guard, path).toBeDefined();
  return ROLES.filter((role) => allows(role, guard!.access));
};

describe('the registry', () => {
  it('gives each role the menu of spec 1 §2, in its order', () => {
    // The spec's entries; an entity folder added to the product names its entry by its resource's name
    // (resources.<name>.name: README "Adding an entity") and comes on top of them.
    const added = (label: string) => /^resources\.\w+\.name$/.test(label);
    expect(navigation.menu.filter((item) => !item.label.startsWith('menu.') && !added(item.label))).toEqual([]);
    const menu = (role: Role) => shownTo(navigation.menu, role).map((item) => item.label).filter((label) => !added(label));
    expect(menu('admin')).toEqual([...OFFICE_MENU.slice(0, 7), 'menu.invoices', 'menu.refunds', ...OFFICE_MENU.slice(7), 'menu.admin']);
    expect(menu('manager')).toEqual([...OFFICE_MENU, 'menu.admin']);
    expect(menu('mod')).toEqual(OFFICE_MENU);
    expect(menu('coach')).toEqual(['menu.my_schedule']);
    expect(menu('referee')).toEqual(['menu.my_schedule']);
    // Whoever finds an entry in the menu may open it.
    for (const item of navigation.menu) for (const role of ROLES.filter((r) => allows(r, item.shownTo))) expect(rolesFor(item.to), item.to).toContain(role);
  });

  it('keeps Invoices and Refunds for admins, and Admin home, Staff, Scoreboards, Resources for admins and managers', () => {
    for (const path of ['/invoice', '/refund']) expect(rolesFor(path), path).toEqual(['admin']);
    for (const path of ['/admin', '/staff', '/scoreboards', '/resources', '/discount', '/newproduct', '/newproduct/:id', '/products']) {
      expect(rolesFor(path), path).toEqual(['admin', 'manager']);
    }
    for (const path of ['/invoice/:id', '/customer', '/customer/:id', '/contract/:id', '/league/:id', '/team/:id', '/pickup/:id', '/media']) {
      expect(rolesFor(path), path).toEqual(['admin', 'manager', 'mod']);
    }
  });

  it('gives coaches and referees only the schedule and the calendar', () => {
    for (const role of ['coach', 'referee'] as const) {
      expect(guards.filter(({ access }) => allows(role, access)).map(({ path }) => path).sort()).toEqual(['/calendar', '/calendar/event/:id', '/schedule']);
    }
  });

  it('shows the admin cards of spec 1 §2 in its order, each to whoever may open its page', () => {
    const cards = (role: Role) => shownTo(navigation.cards, role).map((card) => `${card.label} ${card.to}`);
    const all = ['customers /customer', 'discounts /discount', 'leagues /leagues', 'teams /teams', 'eplayers /eplayer', 'invoices /invoice', 'staff /staff', 'scoreboards /scoreboards', 'resources /resources', 'products /products'];
    expect(cards('admin')).toEqual(all.map((c) => `admin_home.cards.${c}`));
    expect(cards('manager')).toEqual(all.filter((c) => !c.startsWith('invoices')).map((c) => `admin_home.cards.${c}`));
    for (const card of navigation.cards) expect(ROLES.filter((r) => allows(r, card.shownTo)), card.to).toEqual(rolesFor(card.to));
  });

  it('offers the tabs of /resources in the spec order, each a registered resource', () => {
    expect(navigation.tabs.map((t) => t.tab)).toEqual(['facility', 'field', 'product_type', 'gl', 'product', 'tax', 'fee', 'agegroup', 'fieldtype', 'integration']);
    expect(navigation.defaultTab).toBe('field');
    for (const { resource } of navigation.tabs) expect(resources.map((r) => r.name), resource).toContain(resource);
  });

  it('names a rule of the matrix for every guard and menu entry, and uses every page rule', () => {
    const used = [...guards.map((g) => g.access), ...navigation.menu.map((m) => m.shownTo)];
    for (const { resource, action } of used) expect(MATRIX[rightsOf(resource)]?.[action], `${resource}.${action}`).toBeDefined();
    const pageRules = Object.keys(MATRIX).filter((key) => key.startsWith('page:'));
    expect(pageRules.filter((key) => !used.some((access) => access.resource === key))).toEqual([]);
  });
});
