import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { invoices, payments, portalPayments } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { statusCounts } from './support/races';

// Paying from the portal under concurrency, on a PostgreSQL server (issue 43 §5): 20 concurrent pays
// with one key record one payment and all answer it; 20 with 20 keys never take more than the balance.

describe.runIf(process.env.TEST_DB === 'postgres')('portal payment races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  let family: PortalFamily;
  const VISA = simulatorToken('4111111111111111');
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
    family = await signedInFamily(ctx, admin);
  });
  afterAll(async () => { await ctx?.close(); });

  const invoiceOf = async (dollars: number) =>
    (await ctx.api(admin, 'POST', '/invoice', { facility_id: 1, customer_id: family.childId, invoice_items: [{ price: dollars, amount_taxes: 0, amount_fees: 0 }] })).json().ID as number;

  const held = async (invoiceId: number) => {
    const rows = await ctx.database.db.select({ amount: payments.amount }).from(payments).where(eq(payments.invoice_id, invoiceId));
    const [invoice] = await ctx.database.db.select({ paid: invoices.paid }).from(invoices).where(eq(invoices.ID, invoiceId));
    return { payments: rows.map((p) => p.amount).sort((x, y) => y - x), paid: invoice.paid };
  };

  it('20 concurrent pays with one key: one payment, every answer the same', async () => {
    const id = await invoiceOf(50);
    const body = { idempotency_key: 'race-portal-one-key', source_id: VISA, amount: 30 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, body)));
    expect(statusCounts(answers)).toEqual({ 200: 20 });
    expect(new Set(answers.map((a) => a.json().payment_id)).size).toBe(1);
    expect(answers[0].json()).toMatchObject({ amount: 30, balance: 20 });
    expect(await held(id)).toEqual({ payments: [3000], paid: 3000 });
    expect(ctx.outbox.filter((m) => m.subject.includes(`invoice ${id} `))).toHaveLength(1);
  });

  it('20 concurrent pays with 20 keys of $15 on a $100 invoice: six payments, never above the balance', async () => {
    const id = await invoiceOf(100);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: `race-portal-key-${String(i).padStart(2, '0')}`, source_id: VISA, amount: 15 })));
    expect(statusCounts(answers)).toEqual({ 200: 6, 400: 14 });
    expect(await held(id)).toEqual({ payments: Array(6).fill(1500), paid: 9000 });
    // No claim is left holding the balance.
    const claims = await ctx.database.db.select().from(portalPayments).where(eq(portalPayments.invoice_id, id));
    expect(claims.map((c) => c.status)).toEqual(Array(6).fill('done'));
  });
});
