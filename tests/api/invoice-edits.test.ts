import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import { changelog, contracts, invoiceItems, leagues, players, products, teams, teamSignups } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// The invoice page's edit fee (PUT /invoice/fee/{id}), free items (POST /invoice/item/{id}) and the
// transfer dialog's choices (GET /payment/transfer/targets/{id}) on both databases. Facility 1 charges
// 8.875 % tax and a 3 % processing fee.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
let mod: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, manager2, mod } = await ctx.signInStaff());
});
afterAll(async () => { await ctx?.close(); });

const db = () => ctx.database.db;
const api: TestContext['api'] = (...call) => ctx.api(...call);

async function invoiceOf(prices: number[], extra: Record<string, unknown> = {}) {
  const customer = await insertCustomer(db());
  const res = await api(admin, 'POST', '/invoice', {
    facility_id: 1, customer_id: customer.ID, invoice_items: prices.map((price) => ({ price, comment: 'Line' })), ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const changes = async (id: number, action: string) => (await db().select().from(changelog).where(eq(changelog.object_id, id)))
  .filter((c) => c.object_type === 'invoice' && c.action === action);

describe('PUT /invoice/fee/{id}', () => {
  it('sets the fee percent on every line and recomputes each line’s fee in cents, audited', async () => {
    const invoice = await invoiceOf([100.1, 33.33]);
    expect(invoice.fees).toBe(4); // 3.003 → 3.00 and 0.9999 → 1.00
    const res = await api(manager, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 2.5 });
    expect(res.statusCode, res.body).toBe(200);
    // 100.10 × 2.5 % = 2.5025 → 2.50; 33.33 × 2.5 % = 0.83325 → 0.83
    expect(res.json().invoice_items.map((i: { fees: number; amount_fees: number }) => [i.fees, i.amount_fees])).toEqual([[2.5, 2.5], [2.5, 0.83]]);
    expect(res.json()).toMatchObject({ fees: 3.33, taxes: 11.84, total: 148.6, balance: 148.6 });
    expect(await changes(invoice.ID, 'edit_fee')).toHaveLength(1);
    const none = await api(admin, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 0 });
    expect(none.json()).toMatchObject({ fees: 0, balance: 145.27 });
  });

  it('refuses mods, other facilities, managers on contract invoices, bad percents and a fee that leaves the invoice overpaid', async () => {
    const invoice = await invoiceOf([100]);
    expect((await api(mod, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 1 })).statusCode).toBe(403);
    expect((await api(manager2, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 1 })).statusCode).toBe(404);
    for (const fees of [-1, 101, 1.0000001, '3']) {
      const res = await api(admin, 'PUT', `/invoice/fee/${invoice.ID}`, { fees });
      expect(res.statusCode, String(fees)).toBe(400);
      expect(res.json().message).toMatch(/^fees: /);
    }
    // Paid in full (111.88), the fee cannot go down.
    expect((await api(admin, 'POST', '/payment', { invoice_id: invoice.ID, amount: 111.88, type: 'cash' })).statusCode).toBe(201);
    const overpaid = await api(admin, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 1 });
    expect(overpaid.statusCode).toBe(409);
    expect(overpaid.json().message).toBe('The invoice would be paid more than its total');
    const [line] = await db().select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoice.ID));
    expect(line).toMatchObject({ fees: 3, amount_fees: 300 });
    expect((await api(admin, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 4 })).json()).toMatchObject({ fees: 4, balance: 1 });
  });

  it('leaves contract invoices’ fees to admins', async () => {
    const [contract] = await db().insert(contracts).values({ name: 'Fee test', facility_id: 1, product_type_id: 1 }).returning();
    const invoice = await invoiceOf([50], { contract_id: contract.ID });
    const res = await api(manager, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only admins change the processing fee of a contract invoice');
    expect((await api(admin, 'PUT', `/invoice/fee/${invoice.ID}`, { fees: 1 })).json().fees).toBe(0.5);
  });
});

describe('POST /invoice/item/{id}', () => {
  it('adds a product or a described line to the invoice at the facility’s rates, merging equal lines (admins)', async () => {
    const invoice = await invoiceOf([10]);
    const [product] = await db().select().from(products).limit(1);
    const added = await api(admin, 'POST', `/invoice/item/${invoice.ID}`, { new_product_id: product.ID, comment: '', price: 12.5, quantity: 2 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().invoice_items[1]).toMatchObject({ new_product_id: product.ID, event_id: null, price: 12.5, quantity: 2, amount_taxes: 2.22, amount_fees: 0.75 });
    const again = await api(admin, 'POST', `/invoice/item/${invoice.ID}`, { new_product_id: product.ID, comment: '', price: 12.5, quantity: 1 });
    expect(again.json().invoice_items).toHaveLength(2);
    expect(again.json().invoice_items[1]).toMatchObject({ quantity: 3, amount_taxes: 3.33, amount_fees: 1.13 });
    const described = await api(admin, 'POST', `/invoice/item/${invoice.ID}`, { comment: 'Lost ball', price: 20, quantity: 1 });
    expect(described.json()).toMatchObject({ invoiced: 10 + 37.5 + 20 });
    expect(await changes(invoice.ID, 'add_item')).toHaveLength(3);
  });

  it('refuses non-admins, unnamed or free lines, unknown products, other facilities and closed invoices', async () => {
    const invoice = await invoiceOf([10]);
    const line = { comment: 'Extra', price: 5, quantity: 1 };
    expect((await api(manager, 'POST', `/invoice/item/${invoice.ID}`, line)).statusCode).toBe(403);
    const cases: Array<[unknown, string]> = [
      [{ comment: ' ', price: 5, quantity: 1 }, 'Choose a product or describe the item'],
      [{ ...line, price: 0 }, 'price: must be more than 0'],
      [{ ...line, price: 1.001 }, 'price: at most two decimals'],
      [{ ...line, quantity: 0 }, 'quantity: must be at least 1'],
      [{ ...line, new_product_id: 999_999 }, 'new_product_id: there is no such product'],
      [{ ...line, event_id: 1 }, 'unknown field event_id'],
    ];
    for (const [body, message] of cases) {
      const res = await api(admin, 'POST', `/invoice/item/${invoice.ID}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await api(admin, 'POST', '/invoice/item/999999', line)).statusCode).toBe(404);
    await api(admin, 'POST', `/invoice/reverse/${invoice.ID}`);
    expect((await api(admin, 'POST', `/invoice/item/${invoice.ID}`, line)).statusCode).toBe(409);
    expect(await db().$count(invoiceItems, eq(invoiceItems.invoice_id, invoice.ID))).toBe(1);
  });
});

describe('team invoices: the roster, the transfer dialog’s choices and a transfer', () => {
  it('names the roster; offers the facility’s leagues with their other invoiced teams, and moves the payment to the chosen one', async () => {
    const start = nowSeconds();
    const [league] = await db().insert(leagues).values({ name: 'Winter league', facility_id: 1, start_date: start, end_date: start + 86_400 * 60 }).returning();
    const [from, to, noInvoice] = await db().insert(teams).values([
      { name: 'Red', facility_id: 1 }, { name: 'Blue', facility_id: 1 }, { name: 'Green', facility_id: 1 },
    ]).returning();
    await db().insert(teamSignups).values([from, to, noInvoice].map((t) => ({ team_id: t.ID, league_id: league.ID })));
    const player = await insertCustomer(db());
    await db().insert(players).values([from, to].map((t) => ({ team_id: t.ID, customer_id: player.ID, registration_date: start })));
    const source = await invoiceOf([100], { invoice_type_id: 2, team_id: from.ID });
    const target = await invoiceOf([100], { invoice_type_id: 2, team_id: to.ID });
    // The team invoice names its team and roster, the players a payment may be for.
    expect(source.team).toEqual({ ID: from.ID, name: 'Red', roster: [{ ID: player.ID, first_name: player.first_name, last_name: player.last_name }] });
    // A league payment is for one player of the roster (spec 2 §5); a refused one leaves nothing behind.
    const stranger = await insertCustomer(db());
    for (const [extra, message] of [
      [{}, 'Please select a player: a league payment is for one player of the team'],
      [{ player_customer_id: stranger.ID }, 'This player is not on the team of the invoice'],
    ] as const) {
      const refused = await api(admin, 'POST', '/payment', { invoice_id: source.ID, amount: 40, type: 'cash', ...extra });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await api(admin, 'GET', `/invoice/${source.ID}`)).json()).toMatchObject({ paid: 0, payments: [] });
    const payment = (await api(admin, 'POST', '/payment', { invoice_id: source.ID, amount: 40, type: 'cash', player_customer_id: player.ID })).json();

    expect((await api(mod, 'GET', `/payment/transfer/targets/${payment.ID}`)).statusCode).toBe(403);
    expect((await api(manager2, 'GET', `/payment/transfer/targets/${payment.ID}`)).statusCode).toBe(404);
    const offered = (await api(manager, 'GET', `/payment/transfer/targets/${payment.ID}`)).json();
    expect(offered.find((l: { ID: number }) => l.ID === league.ID)).toEqual({ ID: league.ID, name: 'Winter league', teams: [{ ID: to.ID, name: 'Blue' }] });

    const moved = await api(manager, 'PUT', '/payment/transfer', { payment_id: payment.ID, league_id: league.ID, team_id: to.ID, player_id: player.ID });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api(admin, 'GET', `/invoice/${target.ID}`)).json()).toMatchObject({ paid: 40 });
    expect((await api(admin, 'GET', `/invoice/${source.ID}`)).json()).toMatchObject({ paid: 0 });
  });
});
