import { insertCustomer } from './customers';
import type { TestContext } from '../harness';

/** An untaxed invoice of `dollars` in `facility_id` for a new customer, created by `token`. */
export async function invoiceOf(ctx: TestContext, token: string, dollars: number, facility_id = 1): Promise<number> {
  const customer = await insertCustomer(ctx.database.db, { facility_id });
  const res = await ctx.as(token, { method: 'POST', url: '/api/invoice', payload: {
    facility_id, customer_id: customer.ID, invoice_items: [{ price: dollars, amount_taxes: 0, amount_fees: 0 }],
  } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`invoice: ${res.body}`);
  return res.json().ID as number;
}
