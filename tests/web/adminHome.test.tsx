import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './support/app';

afterEach(cleanup);

const cardTitles = async () => (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);

describe('the admin home /admin (spec 1 §2)', () => {
  it('shows admins every card, Invoices included', async () => {
    renderApp('/admin', { role: 'admin' });
    expect(await cardTitles()).toEqual(['Customers', 'Discounts', 'Leagues', 'Teams', 'E-Players', 'Invoices', 'Staff', 'Scoreboards', 'Resources', 'Products']);
  });

  it('shows managers the cards for all and Staff, Scoreboards, Resources, but not Invoices', async () => {
    renderApp('/admin', { role: 'manager' });
    expect(await cardTitles()).toEqual(['Customers', 'Discounts', 'Leagues', 'Teams', 'E-Players', 'Staff', 'Scoreboards', 'Resources', 'Products']);
  });

  it('tells roles the page is not for that they have no access to it', async () => {
    const { location } = renderApp('/admin', { role: 'mod' });
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(screen.queryByRole('region', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('opens the products from their card (issue 41 item 10)', async () => {
    const { location } = renderApp('/admin', { role: 'manager' });
    const products = await screen.findByRole('region', { name: 'Products' });
    await userEvent.click(within(products).getByRole('link', { name: 'Manage' }));
    await waitFor(() => expect(location()).toBe('/products'));
  });

  it('opens the managed page from its Manage button', async () => {
    const { location } = renderApp('/admin', { role: 'manager' });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    await userEvent.click(within(staff).getByRole('link', { name: 'Manage' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(location()).toBe('/staff');
  });
});
